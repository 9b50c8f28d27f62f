/**
 * The admin's first-login password change, remembered on this device.
 *
 * Admins choose their own password during onboarding, so the server has no "generated password"
 * flag for them. Their "first login" is known on this device: the session opened by the onboarding
 * verification, or an admin login whose answer says the account never signed in (lastLoginAt null).
 * The due flag is kept per user so a reload does not skip the forced modal; a successful change
 * stores the per-user "password changed" flag of product-spec-2 §4 and clears it.
 */

const dueKey = (userId: string) => `hms.passwordChangeDue.${userId}`;
const changedKey = (userId: string) => `hms.passwordChanged.${userId}`;

function storageGet(key: string): string | null {
  try {
    return localStorage.getItem(key);
  } catch {
    return null;
  }
}

export function isPasswordChangeDue(userId: string): boolean {
  return storageGet(dueKey(userId)) === '1';
}

/** Marks the admin's first login, unless this user already changed the password here. */
export function markFirstLogin(userId: string): void {
  if (storageGet(changedKey(userId)) === '1') return;
  try {
    localStorage.setItem(dueKey(userId), '1');
  } catch {
    // Storage full or blocked: the modal then shows only for this page load.
  }
}

export function markPasswordChanged(userId: string): void {
  try {
    localStorage.removeItem(dueKey(userId));
    localStorage.setItem(changedKey(userId), '1');
  } catch {
    // Nothing to do: the server already holds the new password.
  }
}
