/** 'Showing X to Y of Z patients' for a page of a list (product-spec-2 §2); nothing when empty. */
export function showingRange(page: number, limit: number, shown: number, total: number): string | null {
  if (shown === 0 || total === 0) return null;
  const from = (page - 1) * limit + 1;
  return `Showing ${from} to ${from + shown - 1} of ${total} patients`;
}
