import { randomUUID } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import { metadataFor } from '../../platform/event-store/metadata';
import type { AuthContext } from '../../platform/http/auth';
import { BadRequest, Unauthorized } from '../../platform/http/errors';
import type { Platform } from '../../platform/platform';
import { accountDecider, accountStream, AccountIsLocked, minutesLocked } from './account';
import { dummyVerify, verifyPassword } from './passwords';
import {
  ACCOUNTS_PROJECTION,
  findAccountByEmail,
  findAccountHospital,
  type Account,
  type AccountHospital,
} from './read-models/accounts';
import { startSession } from './sessions-service';
import { doorFits, INVALID_CREDENTIALS, loginErrors, PASSWORD_MAX, signInRefusal, type Door } from './sign-in-rules';

export type SignedIn = {
  token: string;
  account: Account;
  hospital: AccountHospital | null;
  previousLoginAt: Date | null;
};

/**
 * One password sign-in, for either door. The order matters for what a stranger can learn:
 * unknown email, wrong door and wrong password all answer 401 'Invalid email or password' after
 * the same argon2 work; an account's state (disabled, hospital inactive) is told only to someone
 * who gave its right password. Five wrong passwords in 15 minutes lock the account for 15.
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

  const account = await findAccountByEmail(platform.db, email);
  if (!account || !doorFits(account.role, door)) {
    await dummyVerify(password);
    throw new Unauthorized(INVALID_CREDENTIALS);
  }

  const now = clock();
  const minutes = minutesLocked(account.locked_until, now);
  if (minutes > 0) throw new AccountIsLocked(minutes);

  const role = account.role as AuthContext['role'];
  const metadata = metadataFor({
    hospitalId: account.hospital_id,
    actor: { userId: account.user_id, role, name: account.full_name },
    correlationId: request.id,
    now,
  });
  const stream = accountStream(account.user_id);

  if (!(await verifyPassword(account.password_hash, password))) {
    await platform.execute(
      accountDecider,
      stream,
      { type: 'RecordLoginFailure', userId: account.user_id, reason: 'wrong_password', now: metadata.occurredAt },
      metadata,
      // Read-your-writes on the lock, and enough retries for a burst of parallel guesses.
      { readModels: [ACCOUNTS_PROJECTION], retries: 20 },
    );
    throw new Unauthorized(INVALID_CREDENTIALS);
  }

  const hospital = await findAccountHospital(platform.db, account.hospital_id);
  const refusal = signInRefusal(account, hospital, door);
  if (refusal) throw new Unauthorized(refusal);

  const sessionId = randomUUID();
  await platform.execute(
    accountDecider,
    stream,
    { type: 'RecordLoginSuccess', userId: account.user_id, sessionId, now: metadata.occurredAt },
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
    },
    metadata,
  );
  return { token: session.token, account, hospital, previousLoginAt: account.last_login_at };
}
