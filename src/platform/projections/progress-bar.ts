/** `[#####.....] 1234/5000 events`: a text progress bar; `total` may be passed by the count (events keep coming). */
export function progressBar(done: number, total: number, width = 10): string {
  const shownTotal = Math.max(done, total);
  const filled = shownTotal === 0 ? width : Math.floor((done / shownTotal) * width);
  return `[${'#'.repeat(filled)}${'.'.repeat(width - filled)}] ${done}/${shownTotal} events`;
}

/** One bar per projection, the names padded to one column: `patients-list  [###.......] 300/1000 events`. */
export function progressLines(rows: readonly { name: string; done: number }[], total: number, width = 10): string[] {
  const column = Math.max(0, ...rows.map((r) => r.name.length));
  return rows.map((r) => `${r.name.padEnd(column)}  ${progressBar(r.done, total, width)}`);
}
