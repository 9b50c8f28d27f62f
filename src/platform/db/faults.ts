/**
 * What kind of failure a database call ended in, by the SQLSTATE PostgreSQL sent (or the
 * driver's own error when none came back):
 * - `unavailable`: the database is away or busy (connection lost or refused, shutting down, in
 *   recovery, out of resources, a serialization failure or deadlock). Trying again later helps.
 * - `data`: this input cannot be stored (a data exception, class 22, such as text JSON cannot
 *   hold; an integrity violation, class 23). The same input fails the same way every time.
 * - `other`: anything else, including the server's own faults (a missing table or privilege,
 *   class 42): not the input's fault, and nothing to set aside an event for.
 */
export type FaultKind = 'unavailable' | 'data' | 'other';

const UNAVAILABLE_CLASSES = new Set(['08', '53', '57', '58']);
const UNAVAILABLE_CODES = new Set(['40001', '40P01', '55P03', '57014']);
const NETWORK_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'EPIPE', 'ETIMEDOUT', 'EHOSTUNREACH', 'ENOTFOUND']);
const DRIVER_MESSAGES = [
  'Connection terminated',
  'connection timeout',
  'timeout exceeded when trying to connect',
  'Client has encountered a connection error',
  'Cannot use a pool after calling end',
  'the database system is',
];

function codeOf(err: unknown): string | undefined {
  const code = (err as { code?: unknown } | null)?.code;
  return typeof code === 'string' ? code : undefined;
}

export function faultKind(err: unknown): FaultKind {
  const code = codeOf(err);
  if (code && /^[0-9A-Z]{5}$/.test(code)) {
    const klass = code.slice(0, 2);
    if (UNAVAILABLE_CLASSES.has(klass) || UNAVAILABLE_CODES.has(code)) return 'unavailable';
    if (klass === '22' || klass === '23') return 'data';
    return 'other';
  }
  if (code && NETWORK_CODES.has(code)) return 'unavailable';
  const message = err instanceof Error ? err.message : String(err);
  if (DRIVER_MESSAGES.some((m) => message.includes(m))) return 'unavailable';
  // AggregateError (several addresses refused), or the cause a wrapper carries.
  const inner = (err as { errors?: unknown[]; cause?: unknown } | null) ?? {};
  if (Array.isArray(inner.errors) && inner.errors.some((e) => faultKind(e) === 'unavailable')) return 'unavailable';
  if (inner.cause && inner.cause !== err && faultKind(inner.cause) === 'unavailable') return 'unavailable';
  return 'other';
}

/** The database is away or busy: the caller should wait and try again (503 with Retry-After). */
export const isUnavailable = (err: unknown) => faultKind(err) === 'unavailable';
