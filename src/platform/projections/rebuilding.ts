import type { Trx } from './projection';

/**
 * The transactions that apply a rebuild's page (see applyProjectionBatch). In them the
 * projection's tables were emptied when the rebuild began and each event comes exactly once (the
 * checkpoint guard fails the rebuild rather than apply a page twice), so a bulk insert there
 * needs no per-row conflict check: PostgreSQL's speculative insertion for `on conflict` costs
 * about half again as much as a plain insert. A duplicate would then fail the page loudly
 * instead of being skipped, never be written twice.
 */
const rebuilding = new WeakSet<Trx>();

export function markRebuilding(trx: Trx): void {
  rebuilding.add(trx);
}

export function isRebuilding(trx: Trx): boolean {
  return rebuilding.has(trx);
}
