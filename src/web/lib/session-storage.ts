/** Where tokens live (product-spec-1 §6): the admin token under one key, every other role under another. */
export const ADMIN_TOKEN_KEY = 'hms.adminToken';
export const USER_TOKEN_KEY = 'hms.userToken';

export type SessionKind = 'admin' | 'user';

export function readToken(kind: SessionKind): string | null {
  try {
    return localStorage.getItem(kind === 'admin' ? ADMIN_TOKEN_KEY : USER_TOKEN_KEY);
  } catch {
    return null;
  }
}

export function writeToken(kind: SessionKind, token: string): void {
  localStorage.setItem(kind === 'admin' ? ADMIN_TOKEN_KEY : USER_TOKEN_KEY, token);
}

export function clearTokens(): void {
  localStorage.removeItem(ADMIN_TOKEN_KEY);
  localStorage.removeItem(USER_TOKEN_KEY);
}

/** The token to send: the admin one when present, else the user one (one person signs in at a time). */
export function currentToken(): { kind: SessionKind; token: string } | null {
  const admin = readToken('admin');
  if (admin) return { kind: 'admin', token: admin };
  const user = readToken('user');
  return user ? { kind: 'user', token: user } : null;
}
