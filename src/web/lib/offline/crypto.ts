/**
 * The key that seals this device's offline work (issue 25).
 *
 * Each person gets a random AES-GCM data key on this device. It is stored only wrapped (AES-GCM) under a
 * key derived with PBKDF2 from their password and a per-person salt, so neither another person on the
 * device nor someone holding the disk can read their pending commands. At sign-in, with the password in
 * hand, the data key is unwrapped and kept in sessionStorage for the session: it survives a reload (offline
 * too) and goes when the tab closes or the person signs out. A session that expires while offline keeps
 * the commands sealed until the same person signs in again and unwraps the same key.
 * A password changed in this tab re-wraps the same key (rewrapOfflineKey). One changed elsewhere cannot
 * unwrap the old key: a new key is made and the old commands stay sealed (their count is still shown),
 * which is the price of never storing the key in the clear.
 */

const WRAP_PREFIX = 'hms.offline.wrappedKey.';
const SESSION_KEY = 'hms.offline.sessionKey';
const PBKDF2_ITERATIONS = 210_000;

type WrappedKey = { salt: string; iv: string; wrapped: string };
type SessionKey = { userId: string; key: string };
export type SealedValue = { iv: string; data: string };

function toBase64(bytes: ArrayBuffer | Uint8Array): string {
  const view = bytes instanceof Uint8Array ? bytes : new Uint8Array(bytes);
  let text = '';
  for (let i = 0; i < view.length; i += 0x8000) text += String.fromCharCode(...view.subarray(i, i + 0x8000));
  return btoa(text);
}
const fromBase64 = (text: string): Uint8Array<ArrayBuffer> => Uint8Array.from(atob(text), (c) => c.charCodeAt(0));
const randomBytes = (n: number): Uint8Array<ArrayBuffer> => crypto.getRandomValues(new Uint8Array(n));

async function passwordKey(password: string, salt: Uint8Array<ArrayBuffer>): Promise<CryptoKey> {
  const base = await crypto.subtle.importKey('raw', new TextEncoder().encode(password), 'PBKDF2', false, ['deriveKey']);
  return crypto.subtle.deriveKey(
    { name: 'PBKDF2', salt, iterations: PBKDF2_ITERATIONS, hash: 'SHA-256' },
    base,
    { name: 'AES-GCM', length: 256 },
    false,
    ['wrapKey', 'unwrapKey'],
  );
}

async function unwrapStored(stored: WrappedKey, password: string): Promise<CryptoKey | null> {
  try {
    const kek = await passwordKey(password, fromBase64(stored.salt));
    return await crypto.subtle.unwrapKey(
      'raw',
      fromBase64(stored.wrapped),
      kek,
      { name: 'AES-GCM', iv: fromBase64(stored.iv) },
      { name: 'AES-GCM', length: 256 },
      true,
      ['encrypt', 'decrypt'],
    );
  } catch {
    return null;
  }
}

async function newWrappedKey(userId: string, password: string): Promise<CryptoKey> {
  const key = await crypto.subtle.generateKey({ name: 'AES-GCM', length: 256 }, true, ['encrypt', 'decrypt']);
  await storeWrapped(userId, key, password);
  return key;
}

async function storeWrapped(userId: string, key: CryptoKey, password: string): Promise<void> {
  const salt = randomBytes(16);
  const iv = randomBytes(12);
  const wrapped = await crypto.subtle.wrapKey('raw', key, await passwordKey(password, salt), { name: 'AES-GCM', iv });
  const record: WrappedKey = { salt: toBase64(salt), iv: toBase64(iv), wrapped: toBase64(wrapped) };
  localStorage.setItem(WRAP_PREFIX + userId, JSON.stringify(record));
}

/** After a password change in this tab: the same data key, wrapped under the new password. */
export async function rewrapOfflineKey(userId: string, newPassword: string): Promise<void> {
  const key = await offlineKeyFor(userId);
  if (key) await storeWrapped(userId, key, newPassword);
}

let cached: { userId: string; key: CryptoKey } | null = null;

/** At sign-in: unwraps (or first makes) this person's data key and keeps it for the session. */
export async function unlockOfflineKey(userId: string, password: string): Promise<void> {
  const raw = localStorage.getItem(WRAP_PREFIX + userId);
  const stored = raw ? (JSON.parse(raw) as WrappedKey) : null;
  const key = (stored && (await unwrapStored(stored, password))) ?? (await newWrappedKey(userId, password));
  const exported = await crypto.subtle.exportKey('raw', key);
  const session: SessionKey = { userId, key: toBase64(exported) };
  sessionStorage.setItem(SESSION_KEY, JSON.stringify(session));
  cached = { userId, key };
}

/** The session's data key for `userId`, or null when this tab was not unlocked by that person. */
export async function offlineKeyFor(userId: string): Promise<CryptoKey | null> {
  if (cached?.userId === userId) return cached.key;
  let session: SessionKey | null = null;
  try {
    session = JSON.parse(sessionStorage.getItem(SESSION_KEY) ?? 'null') as SessionKey | null;
  } catch {
    session = null;
  }
  if (!session || session.userId !== userId) return null;
  const key = await crypto.subtle.importKey('raw', fromBase64(session.key), 'AES-GCM', true, ['encrypt', 'decrypt']);
  cached = { userId, key };
  return key;
}

/** The user whose key this tab holds, if any (read without importing the key). */
export function unlockedUserId(): string | null {
  if (cached) return cached.userId;
  try {
    return (JSON.parse(sessionStorage.getItem(SESSION_KEY) ?? 'null') as SessionKey | null)?.userId ?? null;
  } catch {
    return null;
  }
}

/** At sign-out: the key leaves the tab; the sealed commands stay for the same person's next sign-in. */
export function forgetOfflineKey(): void {
  cached = null;
  sessionStorage.removeItem(SESSION_KEY);
}

export async function seal(key: CryptoKey, value: unknown): Promise<SealedValue> {
  const iv = randomBytes(12);
  const data = await crypto.subtle.encrypt(
    { name: 'AES-GCM', iv },
    key,
    new TextEncoder().encode(JSON.stringify(value)),
  );
  return { iv: toBase64(iv), data: toBase64(data) };
}

export async function unseal<T>(key: CryptoKey, sealed: SealedValue): Promise<T> {
  const plain = await crypto.subtle.decrypt(
    { name: 'AES-GCM', iv: fromBase64(sealed.iv) },
    key,
    fromBase64(sealed.data),
  );
  return JSON.parse(new TextDecoder().decode(plain)) as T;
}
