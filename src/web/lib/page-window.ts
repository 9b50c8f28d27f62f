export type PageWindowItem = number | 'ellipsis-start' | 'ellipsis-end';

/**
 * The page buttons to show (product-spec-1 §2, §9): up to 5 pages in full; beyond that a window of 5
 * around the current page, with the first and last pages reachable across an ellipsis.
 */
export function pageWindow(current: number, total: number, size = 5): PageWindowItem[] {
  const last = Math.max(1, Math.floor(total));
  const page = Math.min(Math.max(1, Math.floor(current)), last);
  if (last <= size) return range(1, last);
  const start = Math.min(Math.max(1, page - Math.floor(size / 2)), last - size + 1);
  const end = start + size - 1;
  const items: PageWindowItem[] = [];
  if (start > 1) items.push(1);
  if (start > 2) items.push('ellipsis-start');
  items.push(...range(start, end));
  if (end < last - 1) items.push('ellipsis-end');
  if (end < last) items.push(last);
  return items;
}

function range(from: number, to: number): number[] {
  return Array.from({ length: Math.max(0, to - from + 1) }, (_, i) => from + i);
}

/** How many pages `total` rows fill at `size` per page (at least one, so an empty list still has page 1). */
export function pageCount(total: number, size: number): number {
  return Math.max(1, Math.ceil(total / size));
}
