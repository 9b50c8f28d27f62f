import type { Decider } from '../../platform/event-store/command-handler';
import { Conflict, Locked, NotFound } from '../../platform/http/errors';
import {
  EVERY_ADDRESS,
  evolveAccount,
  initialAccountState,
  KNOWN_ADDRESS_THRESHOLD,
  LOCKOUT_DURATION_MS,
  LOCKOUT_THRESHOLD,
  LOCKOUT_WINDOW_MS,
  lockedMessage,
  lockedUntilFor,
  minutesLocked,
  secondsLocked,
  type AccountState,
} from './account';
import type { AccountEvent, AccountProvisioned, LoginFailed } from './events';

// ─── Domain errors ───

export class AccountAlreadyExists extends Conflict {
  constructor() {
    super('An admin with this email already exists');
  }
}
export class AccountNotFound extends NotFound {
  constructor() {
    super('Account not found');
  }
}
/** 423 with the minutes until the lock ends, and Retry-After in seconds. */
export class AccountIsLocked extends Locked {
  readonly minutes: number;
  constructor(lockedUntil: string | Date, now: Date) {
    const minutes = minutesLocked(lockedUntil, now);
    super(lockedMessage(minutes), secondsLocked(lockedUntil, now));
    this.minutes = minutes;
  }
}

// ─── Commands ───

export type StageCredentials = {
  type: 'StageCredentials';
  userId: string;
  email: string;
  registrationId: string;
  passwordHash: string;
};
export type ProvisionAccount = { type: 'ProvisionAccount'; account: AccountProvisioned['data'] };
export type IssueTemporaryPassword = { type: 'IssueTemporaryPassword'; passwordHash: string; now: string };
export type RecordInvitation = { type: 'RecordInvitation'; to: string; failure: string | null; now: string };
export type ChangeProfile = {
  type: 'ChangeProfile';
  changes: { firstName: string; lastName: string; email: string; role: string };
};
export type DisableAccount = { type: 'DisableAccount'; reason: 'deactivated' | 'deleted' };
export type EnableAccount = { type: 'EnableAccount' };
export type CloseAccount = { type: 'CloseAccount' };
/** `ip`: the client's address; failures and locks count per address. */
export type RecordLoginFailure = {
  type: 'RecordLoginFailure';
  reason: LoginFailed['data']['reason'];
  now: string;
  ip?: string;
};
export type RecordLoginSuccess = { type: 'RecordLoginSuccess'; sessionId: string; now: string; ip?: string };
export type ChangePassword = { type: 'ChangePassword'; passwordHash: string; sessionId: string; now: string };

export type AccountCommand =
  | StageCredentials
  | ProvisionAccount
  | IssueTemporaryPassword
  | RecordInvitation
  | ChangeProfile
  | DisableAccount
  | EnableAccount
  | CloseAccount
  | RecordLoginFailure
  | RecordLoginSuccess
  | ChangePassword;

type Provisioned = AccountState & { userId: string; profile: NonNullable<AccountState['profile']> };

function provisioned(state: AccountState): Provisioned {
  if (!state.profile || !state.userId || state.status === 'closed') throw new AccountNotFound();
  return state as Provisioned;
}

function stage(c: StageCredentials, state: AccountState): AccountEvent[] {
  if (state.status === 'staged' && state.registrationId === c.registrationId) return [];
  if (state.status !== 'none') throw new AccountAlreadyExists();
  const { userId, email, registrationId, passwordHash } = c;
  return [{ type: 'AccountCredentialsStaged', data: { userId, email, registrationId, passwordHash } }];
}

/** Idempotent: provisioning the same account again (a reactor's replay) records nothing. */
function provision(c: ProvisionAccount, state: AccountState): AccountEvent[] {
  if (state.profile) {
    if (state.profile.hospitalId === c.account.hospitalId && state.userId === c.account.userId) return [];
    throw new AccountAlreadyExists();
  }
  return [{ type: 'AccountProvisioned', data: c.account }];
}

function changeProfile(c: ChangeProfile, state: AccountState): AccountEvent[] {
  const s = provisioned(state);
  const next = { ...c.changes, email: c.changes.email.trim().toLowerCase() };
  const p = s.profile;
  if (p.firstName === next.firstName && p.lastName === next.lastName && p.email === next.email && p.role === next.role)
    return [];
  return [{ type: 'AccountProfileChanged', data: { userId: s.userId, ...next, role: next.role as never } }];
}

/**
 * A wrong password from `ip`: counted with that address's recent failures only, and at the
 * threshold that address (and only it) is locked. Failures while locked are not counted.
 */
function recordFailure(c: RecordLoginFailure, state: AccountState, userId: string): AccountEvent[] {
  const now = new Date(c.now);
  const ip = c.ip ?? EVERY_ADDRESS;
  if (minutesLocked(lockedUntilFor(state, ip), now) > 0) return [];
  const recent = state.failures.filter(
    (f) => f.ip === ip && now.getTime() - new Date(f.at).getTime() < LOCKOUT_WINDOW_MS,
  );
  const failedAttempts = recent.length + 1;
  const events: AccountEvent[] = [
    { type: 'LoginFailed', data: { userId, reason: c.reason, at: c.now, failedAttempts, ip } },
  ];
  const threshold = state.knownIps.includes(ip) ? KNOWN_ADDRESS_THRESHOLD : LOCKOUT_THRESHOLD;
  if (failedAttempts >= threshold) {
    const lockedUntil = new Date(now.getTime() + LOCKOUT_DURATION_MS).toISOString();
    events.push({ type: 'AccountLocked', data: { userId, lockedUntil, failedAttempts, ip } });
  }
  return events;
}

function decide(command: AccountCommand, state: AccountState): AccountEvent[] {
  switch (command.type) {
    case 'StageCredentials':
      return stage(command, state);
    case 'ProvisionAccount':
      return provision(command, state);
    case 'IssueTemporaryPassword': {
      const s = provisioned(state);
      return [
        {
          type: 'TemporaryPasswordIssued',
          data: { userId: s.userId, passwordHash: command.passwordHash, at: command.now },
        },
      ];
    }
    case 'RecordInvitation': {
      const s = provisioned(state);
      const { to, now } = command;
      return command.failure === null
        ? [{ type: 'InvitationSent', data: { userId: s.userId, to, at: now } }]
        : [{ type: 'InvitationFailed', data: { userId: s.userId, to, reason: command.failure, at: now } }];
    }
    case 'ChangeProfile':
      return changeProfile(command, state);
    case 'DisableAccount': {
      const s = provisioned(state);
      if (s.status === 'disabled' && s.disabledReason === command.reason) return [];
      return [{ type: 'AccountDisabled', data: { userId: s.userId, reason: command.reason } }];
    }
    case 'EnableAccount': {
      const s = provisioned(state);
      return s.status === 'disabled' && s.disabledReason === 'deactivated'
        ? [{ type: 'AccountEnabled', data: { userId: s.userId } }]
        : [];
    }
    case 'CloseAccount': {
      if (state.status === 'closed') return [];
      const s = provisioned(state);
      return [{ type: 'AccountClosed', data: { userId: s.userId, email: s.profile.email } }];
    }
    case 'RecordLoginFailure':
      // A closed account's password may still be tried; there is nothing left to lock.
      if (state.status === 'closed') return [];
      return recordFailure(command, state, provisioned(state).userId);
    case 'RecordLoginSuccess': {
      const s = provisioned(state);
      // The stream, not the read model, is the authority: a right guess racing the failures
      // that locked the account is refused too.
      const now = new Date(command.now);
      const ip = command.ip ?? EVERY_ADDRESS;
      const lockedUntil = lockedUntilFor(s, ip);
      if (lockedUntil && minutesLocked(lockedUntil, now) > 0) throw new AccountIsLocked(lockedUntil, now);
      return [
        {
          type: 'LoginSucceeded',
          data: { userId: s.userId, sessionId: command.sessionId, at: command.now, ip: command.ip },
        },
      ];
    }
    case 'ChangePassword': {
      const s = provisioned(state);
      const { passwordHash, sessionId, now } = command;
      return [{ type: 'PasswordChanged', data: { userId: s.userId, passwordHash, sessionId, at: now } }];
    }
    default: {
      const never: never = command;
      throw new Error(`Unknown command ${(never as { type: string }).type}`);
    }
  }
}

export const accountDecider: Decider<AccountCommand, AccountEvent, AccountState> = {
  initialState: initialAccountState,
  evolve: evolveAccount,
  decide,
};
