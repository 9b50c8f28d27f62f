import type { Decider } from '../../platform/event-store/command-handler';
import { Conflict, Locked } from '../../platform/http/errors';

/**
 * The account aggregate, stream `account-<userId>`: what identity itself decides about a login
 * account (its creation for an onboarding admin, sign-in attempts, lockout, password changes).
 * Staff accounts are created in the staff module's `staff-<userId>` stream; their sign-in
 * history still lives here, so the lockout works the same for everyone.
 */

export const LOCKOUT_THRESHOLD = 5;
export const LOCKOUT_WINDOW_MS = 15 * 60_000;
export const LOCKOUT_DURATION_MS = 15 * 60_000;

export type AdminAccountCreated = {
  type: 'AdminAccountCreated';
  data: {
    userId: string;
    hospitalId: string;
    fullName: string;
    jobTitle: string;
    /** Lowercase. */
    email: string;
    passwordHash: string;
    /** The hospital registration whose verification created the account. */
    registrationId: string;
  };
};
export type LoginSucceeded = { type: 'LoginSucceeded'; data: { userId: string; sessionId: string; at: string } };
export type LoginFailed = {
  type: 'LoginFailed';
  data: { userId: string; reason: 'wrong_password' | 'wrong_current_password'; at: string; failedAttempts: number };
};
export type AccountLocked = {
  type: 'AccountLocked';
  data: { userId: string; lockedUntil: string; failedAttempts: number };
};
export type PasswordChanged = {
  type: 'PasswordChanged';
  /** `sessionId`: the session that made the change stays open; every other one is ended. */
  data: { userId: string; passwordHash: string; sessionId: string; at: string };
};

export type AccountEvent = AdminAccountCreated | LoginSucceeded | LoginFailed | AccountLocked | PasswordChanged;

export type AccountState = {
  adminCreatedBy: string | null;
  /** Times of the failures since the last success or lock. */
  failures: string[];
  lockedUntil: string | null;
};

export const accountStream = (userId: string) => `account-${userId}`;

export function evolveAccount(state: AccountState, event: AccountEvent): AccountState {
  switch (event.type) {
    case 'AdminAccountCreated':
      return { ...state, adminCreatedBy: event.data.registrationId };
    case 'LoginFailed':
      return { ...state, failures: [...state.failures, event.data.at] };
    case 'AccountLocked':
      return { ...state, failures: [], lockedUntil: event.data.lockedUntil };
    case 'LoginSucceeded':
      return { ...state, failures: [], lockedUntil: null };
    default:
      return state;
  }
}

export type CreateAdminAccount = { type: 'CreateAdminAccount'; account: AdminAccountCreated['data'] };
export type RecordLoginFailure = {
  type: 'RecordLoginFailure';
  userId: string;
  reason: LoginFailed['data']['reason'];
  now: string;
};
export type RecordLoginSuccess = { type: 'RecordLoginSuccess'; userId: string; sessionId: string; now: string };
export type ChangePassword = {
  type: 'ChangePassword';
  userId: string;
  passwordHash: string;
  sessionId: string;
  now: string;
};

export type AccountCommand = CreateAdminAccount | RecordLoginFailure | RecordLoginSuccess | ChangePassword;

export class AccountAlreadyExists extends Conflict {
  constructor() {
    super('An admin with this email already exists');
  }
}

export function lockedMessage(minutes: number): string {
  return `Account locked due to too many failed login attempts. Try again in ${minutes} ${minutes === 1 ? 'minute' : 'minutes'}.`;
}

/** 423 with the minutes until the lock ends. */
export class AccountIsLocked extends Locked {
  constructor(readonly minutes: number) {
    super(lockedMessage(minutes));
  }
}

/** Minutes until `lockedUntil`, rounded up, at least 1; 0 when not locked at `now`. */
export function minutesLocked(lockedUntil: string | Date | null, now: Date): number {
  if (!lockedUntil) return 0;
  const ms = new Date(lockedUntil).getTime() - now.getTime();
  return ms > 0 ? Math.max(1, Math.ceil(ms / 60_000)) : 0;
}

function create(command: CreateAdminAccount, state: AccountState): AccountEvent[] {
  // Resuming an interrupted verification re-sends the same command: nothing more to do.
  if (state.adminCreatedBy === command.account.registrationId) return [];
  if (state.adminCreatedBy !== null) throw new AccountAlreadyExists();
  return [{ type: 'AdminAccountCreated', data: command.account }];
}

function recordFailure(command: RecordLoginFailure, state: AccountState): AccountEvent[] {
  const now = new Date(command.now);
  if (minutesLocked(state.lockedUntil, now) > 0) return [];
  const recent = state.failures.filter((t) => now.getTime() - new Date(t).getTime() < LOCKOUT_WINDOW_MS);
  const failedAttempts = recent.length + 1;
  const events: AccountEvent[] = [
    { type: 'LoginFailed', data: { userId: command.userId, reason: command.reason, at: command.now, failedAttempts } },
  ];
  if (failedAttempts >= LOCKOUT_THRESHOLD) {
    const lockedUntil = new Date(now.getTime() + LOCKOUT_DURATION_MS).toISOString();
    events.push({ type: 'AccountLocked', data: { userId: command.userId, lockedUntil, failedAttempts } });
  }
  return events;
}

export const accountDecider: Decider<AccountCommand, AccountEvent, AccountState> = {
  initialState: () => ({ adminCreatedBy: null, failures: [], lockedUntil: null }),
  evolve: evolveAccount,
  decide: (command, state) => {
    switch (command.type) {
      case 'CreateAdminAccount':
        return create(command, state);
      case 'RecordLoginFailure':
        return recordFailure(command, state);
      case 'RecordLoginSuccess': {
        // The stream, not the read model, is the authority: a right guess racing the failures
        // that locked the account is refused too.
        const minutes = minutesLocked(state.lockedUntil, new Date(command.now));
        if (minutes > 0) throw new AccountIsLocked(minutes);
        return [
          { type: 'LoginSucceeded', data: { userId: command.userId, sessionId: command.sessionId, at: command.now } },
        ];
      }
      case 'ChangePassword':
        return [
          {
            type: 'PasswordChanged',
            data: {
              userId: command.userId,
              passwordHash: command.passwordHash,
              sessionId: command.sessionId,
              at: command.now,
            },
          },
        ];
      default: {
        const never: never = command;
        throw new Error(`Unknown command ${(never as { type: string }).type}`);
      }
    }
  },
};
