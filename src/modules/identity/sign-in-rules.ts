import type { FieldError } from '../../platform/http/errors';
import type { Account, AccountHospital } from './read-models/accounts';
import { EMAIL, INVALID_EMAIL, PASSWORD_MAX, REQUIRED_FIELDS } from '../../shared/hospital-formats';
import { NEW_PASSWORD_TOO_LONG, NEW_PASSWORD_TOO_SHORT } from '../../shared/api/identity';

// The bodies of the sign-in doors and of change-password are the contract's (src/shared/api/identity.ts).
export { NEW_PASSWORD_TOO_SHORT, PASSWORD_MAX };

/**
 * Pure sign-in rules: the login form's input checks (product-spec-1 §5), which door an account
 * may use, and why a correct password may still be refused (§8), each with the spec's message.
 */

export const INVALID_CREDENTIALS = 'Invalid email or password';
export const ACCOUNT_INACTIVE = 'Account inactive';
export const ACCOUNT_DISABLED = 'Account disabled';
export const EMAIL_NOT_VERIFIED = 'Email not verified';
/** product-spec-1 §8: what the admin login shows for an unverified email. */
export const EMAIL_NOT_VERIFIED_MESSAGE = 'Please verify your email address before logging in.';
export const HOSPITAL_INACTIVE = 'Hospital inactive';
export const CURRENT_PASSWORD_INCORRECT = 'Current password is incorrect';
export const NEW_PASSWORDS_DO_NOT_MATCH = "New passwords don't match";
export const NEW_PASSWORD_SAME = 'New password must be different from your current password';
/** A temporary password older than TEMPORARY_PASSWORD_HOURS: told only to someone who gave it right. */
export const TEMPORARY_PASSWORD_EXPIRED =
  'Your temporary password has expired. Ask your administrator to send you a new invitation.';

/** The login form's checks, one message per field. */
export function loginErrors(input: { email?: string; password?: string }): FieldError[] {
  const errors: FieldError[] = [];
  const email = (input.email ?? '').trim();
  if (!email) errors.push({ field: 'email', message: 'Email is required' });
  else if (email.length > 254 || !EMAIL.test(email)) errors.push({ field: 'email', message: INVALID_EMAIL });
  const password = input.password ?? '';
  if (!password) errors.push({ field: 'password', message: 'Password is required' });
  else if (password.length < 6) errors.push({ field: 'password', message: 'Password must be at least 6 characters' });
  return errors;
}

/**
 * The change-password form's checks (§5). `confirmPassword` is optional on the API (the spec's
 * call sends only current and new); when sent it must match.
 */
export function changePasswordErrors(
  input: { currentPassword?: string; newPassword?: string; confirmPassword?: string },
  passwordPolicy: (password: string) => string | null,
): FieldError[] {
  const errors: FieldError[] = [];
  const current = input.currentPassword ?? '';
  const next = input.newPassword ?? '';
  if (!current) errors.push({ field: 'currentPassword', message: REQUIRED_FIELDS });
  if (!next) errors.push({ field: 'newPassword', message: REQUIRED_FIELDS });
  else if (next.length < 6) errors.push({ field: 'newPassword', message: NEW_PASSWORD_TOO_SHORT });
  else if (next.length > PASSWORD_MAX) errors.push({ field: 'newPassword', message: NEW_PASSWORD_TOO_LONG });
  else if (current && next === current) errors.push({ field: 'newPassword', message: NEW_PASSWORD_SAME });
  else {
    const policy = passwordPolicy(next);
    if (policy) errors.push({ field: 'newPassword', message: policy });
  }
  if (input.confirmPassword !== undefined && next && input.confirmPassword !== next) {
    errors.push({ field: 'confirmPassword', message: NEW_PASSWORDS_DO_NOT_MATCH });
  }
  return errors;
}

/** /api/admin/login is for the role admin; /api/auth/login for every other role. */
export type Door = 'admin' | 'staff';

export function doorFits(role: string, door: Door): boolean {
  return door === 'admin' ? role === 'admin' : role !== 'admin';
}

/** Where an account signs in, told only to someone who gave its right password at the other door. */
export function wrongDoor(role: string): { message: string; loginPath: string } {
  return role === 'admin'
    ? { message: 'This account signs in on the admin sign-in page.', loginPath: '/admin/login' }
    : { message: 'This account signs in on the staff sign-in page.', loginPath: '/user/login' };
}

/**
 * Why a sign-in with the right password is still refused, or null. Checked only after the
 * password, so none of these answers tells a stranger that an account exists.
 */
export function signInRefusal(
  account: Pick<Account, 'is_active' | 'deleted' | 'email_verified'>,
  hospital: Pick<AccountHospital, 'status'> | null,
  door: Door,
): string | null {
  if (!account.is_active || account.deleted) return door === 'admin' ? ACCOUNT_INACTIVE : ACCOUNT_DISABLED;
  if (!account.email_verified) return EMAIL_NOT_VERIFIED;
  if (!hospital || hospital.status !== 'active') return HOSPITAL_INACTIVE;
  return null;
}

/** A temporary password (one still to be changed) opens no session once its time is up. */
export function temporaryPasswordExpired(
  account: Pick<Account, 'must_change_password' | 'temporary_password_expires_at'>,
  now: Date,
): boolean {
  const until = account.temporary_password_expires_at;
  return account.must_change_password && until !== null && new Date(until).getTime() <= now.getTime();
}
