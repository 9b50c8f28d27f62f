import { cut } from '../../shared/text';
/**
 * The sentence of a list read (a patient list, a search, a queue, a report):
 * 'Viewed patient list (search "ada", 20 patients)'. The query's paging is left out of it (the
 * entry's data keeps it); its terms and filters are quoted as the client sent them, bounded.
 */
const PAGING = new Set(['page', 'limit', 'count_only', 'recent', 'cursor']);
const TERM_MAX = 60;

export function listReadSentence(what: string, query: unknown, shown: number): string {
  const terms = Object.entries((query ?? {}) as Record<string, unknown>)
    .filter(([key, value]) => !PAGING.has(key) && typeof value === 'string' && value !== '')
    .map(([key, value]) => `${key} "${cut(String(value), TERM_MAX)}"`);
  const page = (query as { page?: unknown } | null)?.page;
  if (page !== undefined && page !== '1') terms.push(`page ${String(page)}`);
  terms.push(`${shown} patient${shown === 1 ? '' : 's'}`);
  return `Viewed ${what} (${terms.join(', ')})`;
}
