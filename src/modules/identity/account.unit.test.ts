import { describe, expect, it } from 'vitest';
import { given } from '../../../test/helpers/given';
import { minutesLocked } from './account';
import { AccountAlreadyExists, accountDecider, AccountIsLocked, AccountNotFound } from './account-decider';
import type { AccountEvent, AccountProvisioned } from './events';

const T0 = new Date('2025-03-01T09:00:00.000Z').getTime();
const at = (minutes: number) => new Date(T0 + minutes * 60_000).toISOString();
const IP = '203.0.113.7';
const failure = (minutes: number, n: number, ip = IP): AccountEvent => ({
  type: 'LoginFailed',
  data: { userId: 'u-1', reason: 'wrong_password', at: at(minutes), failedAttempts: n, ip },
});
const fail = (minutes: number, ip = IP) =>
  ({ type: 'RecordLoginFailure', reason: 'wrong_password', now: at(minutes), ip }) as const;
const lockOf = (minutes: number, n: number, ip = IP): AccountEvent => ({
  type: 'AccountLocked',
  data: { userId: 'u-1', lockedUntil: at(minutes + 15), failedAttempts: n, ip },
});
const provisioned: AccountProvisioned = {
  type: 'AccountProvisioned',
  data: {
    userId: 'u-1',
    hospitalId: 'h-1',
    kind: 'admin',
    email: 'ada@stluke.ng',
    role: 'admin',
    firstName: 'Ada',
    lastName: 'Okafor',
    jobTitle: 'Medical Director',
    employeeId: null,
    department: null,
    specialization: null,
    phone: null,
  },
};
const staged: AccountEvent = {
  type: 'AccountCredentialsStaged',
  data: { userId: 'u-1', email: 'ada@stluke.ng', registrationId: 'r-1', passwordHash: '$argon2id$x' },
};
const history = (...events: AccountEvent[]) => [staged, provisioned, ...events];

describe('account decider', () => {
  it('stages an admin password once per registration, then provisions the account once', () => {
    const stage = { type: 'StageCredentials', ...staged.data } as const;
    given(accountDecider).when(stage).then([staged]);
    given(accountDecider, [staged]).when(stage).then([]);
    given(accountDecider, [staged])
      .when({ ...stage, registrationId: 'r-2' })
      .thenThrows(AccountAlreadyExists);
    given(accountDecider, [staged]).when({ type: 'ProvisionAccount', account: provisioned.data }).then([provisioned]);
    // A reactor replaying the verification finds the account made: nothing more.
    given(accountDecider, history()).when({ type: 'ProvisionAccount', account: provisioned.data }).then([]);
    given(accountDecider, history())
      .when({ type: 'ProvisionAccount', account: { ...provisioned.data, hospitalId: 'h-2' } })
      .thenThrows(AccountAlreadyExists);
  });

  it('records a profile change only when something changed, lowercasing the email', () => {
    const changes = { firstName: 'Ada', lastName: 'Okafor', email: 'ADA@stluke.ng', role: 'admin' };
    given(accountDecider, history()).when({ type: 'ChangeProfile', changes }).then([]);
    given(accountDecider, history())
      .when({ type: 'ChangeProfile', changes: { ...changes, email: 'Ada.New@StLuke.ng' } })
      .then([
        {
          type: 'AccountProfileChanged',
          data: { userId: 'u-1', firstName: 'Ada', lastName: 'Okafor', email: 'ada.new@stluke.ng', role: 'admin' },
        },
      ]);
  });

  it('disables, enables and closes an account; a closed account is not found', () => {
    const disabled: AccountEvent = { type: 'AccountDisabled', data: { userId: 'u-1', reason: 'deactivated' } };
    given(accountDecider, history()).when({ type: 'DisableAccount', reason: 'deactivated' }).then([disabled]);
    given(accountDecider, history(disabled)).when({ type: 'DisableAccount', reason: 'deactivated' }).then([]);
    given(accountDecider, history(disabled))
      .when({ type: 'EnableAccount' })
      .then([{ type: 'AccountEnabled', data: { userId: 'u-1' } }]);
    const closed: AccountEvent = { type: 'AccountClosed', data: { userId: 'u-1', email: 'ada@stluke.ng' } };
    given(accountDecider, history(disabled)).when({ type: 'CloseAccount' }).then([closed]);
    given(accountDecider, history(closed)).when({ type: 'CloseAccount' }).then([]);
    given(accountDecider, history(closed)).when({ type: 'EnableAccount' }).thenThrows(AccountNotFound);
    given(accountDecider).when({ type: 'DisableAccount', reason: 'deleted' }).thenThrows(AccountNotFound);
  });

  it('records a failed sign-in with the count in the window', () => {
    given(accountDecider, history(failure(0, 1)))
      .when(fail(1))
      .then([failure(1, 2)]);
  });

  it('locks the address for 15 minutes at its fifth failure within 15 minutes', () => {
    given(accountDecider, history(failure(0, 1), failure(1, 2), failure(2, 3), failure(3, 4)))
      .when(fail(4))
      .then([failure(4, 5), lockOf(4, 5)]);
  });

  it('counts and locks each address on its own: a lock from one address leaves the others alone', () => {
    const other = '198.51.100.9';
    given(accountDecider, history(failure(0, 1), failure(1, 2), failure(2, 3), failure(3, 4, other)))
      .when(fail(4, other))
      .then([failure(4, 2, other)]);
    const locked = history(failure(0, 1), failure(1, 2), failure(2, 3), failure(3, 4), failure(4, 5), lockOf(4, 5));
    given(accountDecider, locked).when(fail(5)).then([]);
    given(accountDecider, locked)
      .when({ type: 'RecordLoginSuccess', sessionId: 's-1', now: at(5), ip: IP })
      .thenThrows(AccountIsLocked);
    given(accountDecider, locked)
      .when({ type: 'RecordLoginSuccess', sessionId: 's-1', now: at(5), ip: other })
      .then([{ type: 'LoginSucceeded', data: { userId: 'u-1', sessionId: 's-1', at: at(5), ip: other } }]);
  });

  it('gives an address that signed in before twice the allowance', () => {
    const success: AccountEvent = {
      type: 'LoginSucceeded',
      data: { userId: 'u-1', sessionId: 's-0', at: at(0), ip: IP },
    };
    const four = [1, 2, 3, 4].map((m) => failure(m, m));
    given(accountDecider, history(success, ...four))
      .when(fail(5))
      .then([failure(5, 5)]);
    const nine = [1, 2, 3, 4, 5, 6, 7, 8, 9].map((m) => failure(m, m));
    given(accountDecider, history(success, ...nine))
      .when(fail(10))
      .then([failure(10, 10), lockOf(10, 10)]);
  });

  it('forgets failures older than 15 minutes', () => {
    given(accountDecider, history(failure(0, 1), failure(1, 2), failure(2, 3), failure(3, 4)))
      .when(fail(17))
      .then([failure(17, 2)]);
  });

  it('starts counting again after a successful sign-in', () => {
    const success: AccountEvent = {
      type: 'LoginSucceeded',
      data: { userId: 'u-1', sessionId: 's-1', at: at(4), ip: IP },
    };
    given(accountDecider, history(failure(0, 1), failure(1, 2), failure(2, 3), failure(3, 4), success))
      .when(fail(5))
      .then([failure(5, 1)]);
  });

  it('refuses a sign-in while locked, even with the right password, and allows it after', () => {
    const locked: AccountEvent = {
      type: 'AccountLocked',
      data: { userId: 'u-1', lockedUntil: at(19), failedAttempts: 5 },
    };
    given(accountDecider, history(locked))
      .when({ type: 'RecordLoginSuccess', sessionId: 's-1', now: at(5) })
      .thenThrows(AccountIsLocked, 'Account locked due to too many failed login attempts. Try again in 14 minutes.');
    given(accountDecider, history(locked))
      .when({ type: 'RecordLoginSuccess', sessionId: 's-1', now: at(19) })
      .then([{ type: 'LoginSucceeded', data: { userId: 'u-1', sessionId: 's-1', at: at(19) } }]);
    given(accountDecider, history(locked)).when(fail(6)).then([]);
  });

  it('records a password change with the session that made it', () => {
    given(accountDecider, history())
      .when({ type: 'ChangePassword', passwordHash: '$argon2id$y', sessionId: 's-1', now: at(0) })
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
    expect(new AccountIsLocked(new Date(T0 + 1_000), now).message).toBe(
      'Account locked due to too many failed login attempts. Try again in 1 minute.',
    );
    const locked = new AccountIsLocked(at(15), now);
    expect(locked.statusCode).toBe(423);
    expect(locked.headers).toEqual({ 'retry-after': '900' });
  });
});
