import { randomUUID } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import { metadataFor } from '../../../platform/event-store/metadata';
import type { EventMetadata } from '../../../platform/event-store/port';
import type { AuthContext } from '../../../platform/http/auth';
import { BadRequest, Forbidden, Unauthorized } from '../../../platform/http/errors';
import type { Platform } from '../../../platform/platform';
import { accountDecider, AccountIsLocked } from '../account-decider';
import { accountStream } from '../account';
import type { SignInFailed } from '../events';
import { dummyVerify, verifyPassword } from '../passwords';
import {
  findAccountByEmail,
  findAccountHospital,
  findPendingCredentials,
  type Account,
  type AccountHospital,
} from '../read-models/accounts';
import { lockedUntil, unknownEmailSubject } from '../read-models/sign-in-locks';
import {
  doorFits,
  EMAIL_NOT_VERIFIED_MESSAGE,
  INVALID_CREDENTIALS,
  loginErrors,
  PASSWORD_MAX,
  signInRefusal,
  TEMPORARY_PASSWORD_EXPIRED,
  temporaryPasswordExpired,
  wrongDoor,
  type Door,
} from '../sign-in-rules';
import { accountEmailHolder } from './accounts';
import { startSession } from './sessions';

export type SignedIn = {
  token: string;
  account: Account;
  hospital: AccountHospital | null;
  previousLoginAt: Date | null;
};

/**
 * One password sign-in, for either door. What a stranger can learn is the same for every wrong
 * answer: unknown email and wrong password both answer 401 'Invalid email or password' after the
 * same argon2 work. Only someone who gave an account's right password is told more: that the
 * account is disabled, that its hospital is inactive, that it signs in at the other door, or (an
 * onboarding admin who never verified) that the email needs verifying first.
 *
 * Five wrong passwords from one address in 15 minutes lock that address out of the account for
 * 15 minutes (ten from an address the account signed in from before); other addresses are not
 * affected, so a stranger cannot lock the owner out, and the owner is mailed about the lock. An
 * e-mail that names no account is locked by the same rule, so a 423 tells nothing either.
 */
export async function signIn(
  platform: Platform,
  clock: () => Date,
  door: Door,
  input: { email?: string; password?: string },
  request: FastifyRequest,
): Promise<SignedIn> {
  const errors = loginErrors(input);
  if (errors.length > 0) throw new BadRequest('Please check your input and try again', errors);
  const email = input.email!.trim().toLowerCase();
  const password = input.password!;
  // No account can have such a password (the policy caps it), and hashing megabytes is a DoS lever.
  if (password.length > PASSWORD_MAX) throw new Unauthorized(INVALID_CREDENTIALS);

  const account = await findAccountByEmail(platform.db, email, () => accountEmailHolder(platform, email));
  const now = clock();
  const ip = request.ip;
  // A closed account is gone for good (its e-mail free for another): it answers as no account.
  if (!account || !account.password_hash || account.closed) {
    // The same lock, the same answers and the same argon2 work as for an account.
    const metadata = requestMetadata(request, now, null);
    const until = await lockedUntil(platform.db, unknownEmailSubject(email), ip);
    if (until && until > now) {
      await recordSignInFailure(platform, metadata, { email, door, reason: 'locked' });
      throw new AccountIsLocked(until, now);
    }
    if (door === 'admin') await refuseUnverifiedAdmin(platform, email, password);
    else await dummyVerify(password);
    await recordSignInFailure(platform, metadata, { email, door, reason: 'unknown_email' });
    throw new Unauthorized(INVALID_CREDENTIALS);
  }

  const metadata = requestMetadata(request, now, account);
  const until = await lockedUntil(platform.db, account.user_id, ip);
  if (until && until > now) {
    await recordSignInFailure(platform, metadata, { email, door, reason: 'locked', userId: account.user_id });
    throw new AccountIsLocked(until, now);
  }
  const role = account.role as AuthContext['role'];
  const stream = accountStream(account.user_id);

  if (!(await verifyPassword(account.password_hash, password))) {
    // Enough retries for a burst of parallel guesses: each is counted.
    await platform.execute(
      accountDecider,
      stream,
      { type: 'RecordLoginFailure', reason: 'wrong_password', now: metadata.occurredAt, ip },
      metadata,
      { retries: 20 },
    );
    throw new Unauthorized(INVALID_CREDENTIALS);
  }

  if (!doorFits(account.role, door)) {
    const { message, loginPath } = wrongDoor(account.role);
    throw new Unauthorized(message, { code: 'WRONG_DOOR', details: { loginPath } });
  }
  const hospital = await findAccountHospital(platform.db, account.hospital_id);
  const refusal = signInRefusal(account, hospital, door);
  if (refusal) throw new Unauthorized(refusal);
  if (temporaryPasswordExpired(account, now)) {
    throw new Unauthorized(TEMPORARY_PASSWORD_EXPIRED, { code: 'TEMPORARY_PASSWORD_EXPIRED' });
  }

  const sessionId = randomUUID();
  await platform.execute(
    accountDecider,
    stream,
    { type: 'RecordLoginSuccess', sessionId, now: metadata.occurredAt, ip },
    metadata,
    { retries: 20 },
  );
  const session = await startSession(
    platform,
    {
      userId: account.user_id,
      hospitalId: account.hospital_id,
      role,
      name: account.full_name,
      via: 'login',
      sessionId,
      credentialEpoch: account.credential_epoch,
    },
    metadata,
  );
  return { token: session.token, account, hospital, previousLoginAt: account.last_login_at };
}

/** Who is signing in, as far as is known: the account the e-mail names, or nobody (no hospital). */
function requestMetadata(request: FastifyRequest, now: Date, account: Account | null): EventMetadata {
  const who = account
    ? {
        hospitalId: account.hospital_id,
        actor: { userId: account.user_id, role: account.role as AuthContext['role'], name: account.full_name },
      }
    : { hospitalId: '', actor: { userId: 'anonymous', role: 'anonymous' as const, name: 'Unknown caller' } };
  return { ...metadataFor({ ...who, correlationId: request.id, now }), requestId: request.id, ip: request.ip };
}

/**
 * A refused sign-in that no account's own events record (the audit trail's, issue 10), in a stream
 * per hospital and day; an unknown e-mail's has no hospital (`platform`), like a caller's 401.
 */
async function recordSignInFailure(
  platform: Platform,
  metadata: EventMetadata,
  failure: { email: string; door: Door; reason: SignInFailed['data']['reason']; userId?: string },
): Promise<void> {
  const stream = `sign-in-failures-${metadata.hospitalId || 'platform'}-${metadata.occurredAt.slice(0, 10)}`;
  await platform.transact(metadata, async (uow) => {
    uow.stage(stream, 'any', [
      { type: 'SignInFailed', data: { userId: null, ...failure, at: metadata.occurredAt } } satisfies SignInFailed,
    ]);
  });
}

/**
 * An onboarding admin who registered but never verified has no account yet, only the password
 * they chose. With that password they are sent to verify their email; anyone else gets the
 * ordinary answer, after the same work.
 */
async function refuseUnverifiedAdmin(platform: Platform, email: string, password: string): Promise<void> {
  const pending = await findPendingCredentials(platform.db, email);
  if (!pending) return dummyVerify(password);
  if (await verifyPassword(pending.password_hash, password)) {
    throw new Forbidden(EMAIL_NOT_VERIFIED_MESSAGE, { code: 'EMAIL_NOT_VERIFIED', details: { email } });
  }
}
