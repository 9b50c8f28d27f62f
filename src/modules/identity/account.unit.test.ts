import { describe, expect, it } from 'vitest';
import { given } from '../../../test/helpers/given';
import {
  AccountAlreadyExists,
  accountDecider,
  type AccountEvent,
  AccountIsLocked,
  type AdminAccountCreated,
  minutesLocked,
} from './account';

const T0 = new Date('2025-03-01T09:00:00.000Z').getTime();
const at = (minutes: number) => new Date(T0 + minutes * 60_000).toISOString();
const failure = (minutes: number, n: number): AccountEvent => ({
  type: 'LoginFailed',
  data: { userId: 'u-1', reason: 'wrong_password', at: at(minutes), failedAttempts: n },
});
const fail = (minutes: number) =>
  ({ type: 'RecordLoginFailure', userId: 'u-1', reason: 'wrong_password', now: at(minutes) }) as const;
const created: AdminAccountCreated = {
  type: 'AdminAccountCreated',
  data: {
    userId: 'u-1',
    hospitalId: 'h-1',
    fullName: 'Ada Okafor',
    jobTitle: 'Medical Director',
    email: 'ada@stluke.ng',
    passwordHash: '$argon2id$x',
    registrationId: 'r-1',
  },
};

describe('account decider', () => {
  it('creates an admin account once per registration, idempotently', () => {
    given(accountDecider).when({ type: 'CreateAdminAccount', account: created.data }).then([created]);
    given(accountDecider, [created]).when({ type: 'CreateAdminAccount', account: created.data }).then([]);
    given(accountDecider, [created])
      .when({ type: 'CreateAdminAccount', account: { ...created.data, registrationId: 'r-2' } })
      .thenThrows(AccountAlreadyExists);
  });

  it('records a failed sign-in with the count in the window', () => {
    given(accountDecider, [failure(0, 1)])
      .when(fail(1))
      .then([failure(1, 2)]);
  });

  it('locks the account for 15 minutes at the fifth failure within 15 minutes', () => {
    given(accountDecider, [failure(0, 1), failure(1, 2), failure(2, 3), failure(3, 4)])
      .when(fail(4))
      .then([
        failure(4, 5),
        { type: 'AccountLocked', data: { userId: 'u-1', lockedUntil: at(19), failedAttempts: 5 } },
      ]);
  });

  it('forgets failures older than 15 minutes', () => {
    given(accountDecider, [failure(0, 1), failure(1, 2), failure(2, 3), failure(3, 4)])
      .when(fail(17))
      .then([failure(17, 2)]);
  });

  it('starts counting again after a successful sign-in', () => {
    const success: AccountEvent = { type: 'LoginSucceeded', data: { userId: 'u-1', sessionId: 's-1', at: at(4) } };
    given(accountDecider, [failure(0, 1), failure(1, 2), failure(2, 3), failure(3, 4), success])
      .when(fail(5))
      .then([failure(5, 1)]);
  });

  it('refuses a sign-in while locked, even with the right password, and allows it after', () => {
    const locked: AccountEvent = {
      type: 'AccountLocked',
      data: { userId: 'u-1', lockedUntil: at(19), failedAttempts: 5 },
    };
    given(accountDecider, [locked])
      .when({ type: 'RecordLoginSuccess', userId: 'u-1', sessionId: 's-1', now: at(5) })
      .thenThrows(AccountIsLocked, 'Account locked due to too many failed login attempts. Try again in 14 minutes.');
    given(accountDecider, [locked])
      .when({ type: 'RecordLoginSuccess', userId: 'u-1', sessionId: 's-1', now: at(19) })
      .then([{ type: 'LoginSucceeded', data: { userId: 'u-1', sessionId: 's-1', at: at(19) } }]);
    given(accountDecider, [locked]).when(fail(6)).then([]);
  });

  it('records a password change with the session that made it', () => {
    given(accountDecider)
      .when({ type: 'ChangePassword', userId: 'u-1', passwordHash: '$argon2id$y', sessionId: 's-1', now: at(0) })
      .then([
        { type: 'PasswordChanged', data: { userId: 'u-1', passwordHash: '$argon2id$y', sessionId: 's-1', at: at(0) } },
      ]);
  });

  it('rounds the minutes left up, and says minute for one', () => {
    const now = new Date(T0);
    expect(minutesLocked(at(15), now)).toBe(15);
    expect(minutesLocked(new Date(T0 + 61_000).toISOString(), now)).toBe(2);
    expect(minutesLocked(new Date(T0 + 1_000).toISOString(), now)).toBe(1);
    expect(minutesLocked(at(0), now)).toBe(0);
    expect(minutesLocked(null, now)).toBe(0);
    expect(new AccountIsLocked(1).message).toBe(
      'Account locked due to too many failed login attempts. Try again in 1 minute.',
    );
    expect(new AccountIsLocked(15).statusCode).toBe(423);
  });
});
