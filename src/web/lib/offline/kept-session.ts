/**
 * The signed-in person, kept in this tab's sessionStorage beside the offline key, so a reload with no
 * connection opens their session instead of signing them out (issue 25). Kept only for the person whose
 * key this tab holds: it is what they typed their password for.
 */
import type { SessionUser } from '../session';
import { forgetOfflineKey, unlockedUserId } from './crypto';

const SESSION_USER_KEY = 'hms.offline.sessionUser';

export function keptSessionUser(): SessionUser | null {
  try {
    const user = JSON.parse(sessionStorage.getItem(SESSION_USER_KEY) ?? 'null') as SessionUser | null;
    return user && user.id === unlockedUserId() ? user : null;
  } catch {
    return null;
  }
}

export function keepSessionUser(user: SessionUser): void {
  if (user.id === unlockedUserId()) sessionStorage.setItem(SESSION_USER_KEY, JSON.stringify(user));
}

/** At sign-out or expiry: this tab forgets the person and their key; their sealed commands stay on the device. */
export function forgetOfflineSession(): void {
  sessionStorage.removeItem(SESSION_USER_KEY);
  forgetOfflineKey();
}
