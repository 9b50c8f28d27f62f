/**
 * Credentials and codes (even hashed) left out of an event's data before the trail shows it.
 */
type Data = Record<string, unknown>;

const SECRET_KEY = /hash$|password|secret|token$/i;
/** Whether each key seen so far is a secret's: a feed has few distinct keys, and every event is redacted. */
const secretKeys = new Map<string, boolean>();
function isSecretKey(key: string): boolean {
  let secret = secretKeys.get(key);
  if (secret === undefined) {
    secret = SECRET_KEY.test(key);
    // Keys are field names, not values; the bound only guards against a feed of odd data.
    if (secretKeys.size < 10_000) secretKeys.set(key, secret);
  }
  return secret;
}

/** Whether `redact` would change anything in `value`. */
function holdsSecret(value: unknown): boolean {
  if (value === null || typeof value !== 'object') return false;
  if (Array.isArray(value)) return value.some(holdsSecret);
  // Anything but plain data (a Date, a class instance) is copied as it always was, key by key.
  const proto: unknown = Object.getPrototypeOf(value);
  if (proto !== Object.prototype && proto !== null) return true;
  for (const key in value) {
    if (!Object.hasOwn(value, key)) continue;
    if (isSecretKey(key) || holdsSecret((value as Data)[key])) return true;
  }
  return false;
}

/**
 * The event's data for the detail view, with credentials and codes (even hashed) left out. Data
 * without any (nearly every event) is returned as it is, not copied: the trail only serialises it.
 */
export function redact(value: unknown): unknown {
  return holdsSecret(value) ? redactCopy(value) : value;
}

function redactCopy(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(redactCopy);
  if (value === null || typeof value !== 'object') return value;
  return Object.fromEntries(
    Object.entries(value as Data).map(([k, v]) => [k, isSecretKey(k) ? '[redacted]' : redactCopy(v)]),
  );
}
