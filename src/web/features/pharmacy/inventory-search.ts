/** Whether any of `values` contains the search, ignoring case and surrounding spaces; an empty search matches all. */
export function matchesSearch(search: string, ...values: string[]): boolean {
  const wanted = search.trim().toLowerCase();
  return wanted === '' || values.some((v) => v.toLowerCase().includes(wanted));
}
