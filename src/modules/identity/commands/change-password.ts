import { BadRequest } from '../../../platform/http/errors';
import type { AuthContext } from '../../../platform/http/auth';
import type { EventMetadata } from '../../../platform/event-store/port';
import type { Platform } from '../../../platform/platform';
import { accountStream } from '../account';
import { accountDecider, AccountIsLocked } from '../account-decider';
import { hashPassword, passwordPolicyError, verifyPassword } from '../passwords';
import { findAccountHospital, type Account } from '../read-models/accounts';
import { lockedUntil } from '../read-models/sign-in-locks';
import { SESSION_GUARD, SESSION_GUARD_WAIT_MS } from '../session-guard';
import { changePasswordErrors, CURRENT_PASSWORD_INCORRECT } from '../sign-in-rules';

export type ChangePasswordInput = { currentPassword?: string; newPassword?: string; confirmPassword?: string };

/**
 * Changes the caller's password: this session stays open, every other one ends. A wrong current
 * password counts like a failed sign-in, so a stolen session is no way to guess the password.
 */
export async function changePassword(
  platform: Platform,
  auth: AuthContext,
  account: Account,
  input: ChangePasswordInput,
  metadata: EventMetadata,
): Promise<void> {
  // The hospital's name too (issue 33 §3): "HospitalBravo2025!" is the first guess at a Hospital Bravo account.
  const hospital = await findAccountHospital(platform.db, account.hospital_id);
  const personal = [
    account.email,
    account.full_name,
    account.first_name,
    account.last_name,
    account.employee_id,
    hospital?.name,
  ];
  const fieldErrors = changePasswordErrors(input, (password) => passwordPolicyError(password, personal));
  if (fieldErrors.length > 0) throw new BadRequest('Please check your input and try again', fieldErrors);
  const now = new Date(metadata.occurredAt);
  const until = await lockedUntil(platform.db, account.user_id, metadata.ip ?? '');
  if (until && until > now) throw new AccountIsLocked(until, now);
  const stream = accountStream(account.user_id);
  if (!account.password_hash || !(await verifyPassword(account.password_hash, input.currentPassword!))) {
    await platform.execute(
      accountDecider,
      stream,
      { type: 'RecordLoginFailure', reason: 'wrong_current_password', now: metadata.occurredAt, ip: metadata.ip },
      metadata,
      { retries: 20 },
    );
    throw new BadRequest(CURRENT_PASSWORD_INCORRECT, [
      { field: 'currentPassword', message: CURRENT_PASSWORD_INCORRECT },
    ]);
  }
  const passwordHash = await hashPassword(input.newPassword!);
  await platform.execute(
    accountDecider,
    stream,
    { type: 'ChangePassword', passwordHash, sessionId: auth.sessionId, now: metadata.occurredAt },
    metadata,
    { retries: 20, waitFor: [SESSION_GUARD], timeoutMs: SESSION_GUARD_WAIT_MS },
  );
}
