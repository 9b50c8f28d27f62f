import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import * as prettier from 'prettier';

/**
 * docs/benchmarks.md holds one section per benchmark, each between `<!-- bench:NAME -->` and
 * `<!-- /bench:NAME -->`. A benchmark rewrites only its own section, so running one never erases
 * the figures of another.
 */
export const REPORT_FILE = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', 'docs', 'benchmarks.md');

const HEADER = `# Benchmarks

Each section is written by its own \`npm run bench:*\` command and rewritten only by it. This machine is
shared and noisy, so every figure stands beside a baseline measured in the same run (raw PostgreSQL
inserts or reads, a trivial Fastify route) with the ratio, and with the load average at the start.
Compare runs on the same machine only.
`;

export type Row = { measure: string; result: string; detail: string };

/** The machine line every section starts with. */
export function machineLine(extra = ''): string {
  const cpus = os.cpus();
  const load = os.loadavg();
  return [
    `- Date: ${new Date().toISOString().slice(0, 16).replace('T', ' ')} UTC`,
    `- Machine: ${cpus.length} × ${cpus[0]?.model.trim() ?? 'unknown CPU'}, ${(os.totalmem() / 2 ** 30).toFixed(1)} GiB, ${os.type()} ${os.release()}; Node.js ${process.version}${extra ? `; ${extra}` : ''}`,
    `- Load average at the start: ${load.map((l) => l.toFixed(2)).join(', ')} (1, 5, 15 min)`,
  ].join('\n');
}

export function table(rows: Row[]): string {
  return [
    '| Measure | Result | Detail |',
    '| --- | --- | --- |',
    ...rows.map((r) => `| ${r.measure} | ${r.result} | ${r.detail} |`),
  ].join('\n');
}

/** Replaces (or appends) the section `name` of docs/benchmarks.md with `markdown`. */
export async function writeSection(name: string, markdown: string): Promise<string> {
  const open = `<!-- bench:${name} -->`;
  const close = `<!-- /bench:${name} -->`;
  let current = existsSync(REPORT_FILE) ? readFileSync(REPORT_FILE, 'utf8') : HEADER;
  if (!current.startsWith('# Benchmarks')) current = HEADER;
  const block = `${open}\n\n${markdown.trim()}\n\n${close}`;
  const start = current.indexOf(open);
  const end = current.indexOf(close);
  const next =
    start >= 0 && end > start
      ? current.slice(0, start) + block + current.slice(end + close.length)
      : `${current.trimEnd()}\n\n${block}\n`;
  // Formatted as the repository's lint expects, so a fresh run leaves `npm run lint` green.
  const options = await prettier.resolveConfig(REPORT_FILE);
  writeFileSync(REPORT_FILE, await prettier.format(next, { ...options, filepath: REPORT_FILE }));
  return REPORT_FILE;
}

export function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return Number.NaN;
  return sorted[Math.min(sorted.length - 1, Math.floor(p * sorted.length))]!;
}

export const ms = (v: number) => `${v.toFixed(1)} ms`;
export const perSecond = (v: number) => `${Math.round(v).toLocaleString('en-US')}/s`;
