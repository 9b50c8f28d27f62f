import type { AccountEvent } from './events';

/**
 * The account aggregate, stream `account-<userId>`: a login account from its staged or
 * provisioned beginning, through sign-ins, lockouts and password changes, to its closing.
 */
export const LOCKOUT_THRESHOLD = 5;
/**
 * An address the account signed in from before gets twice the allowance, so a guesser sharing
 * the owner's address (a clinic's one public IP) does not lock the owner out with five tries,
 * yet cannot guess without limit either.
 */
export const KNOWN_ADDRESS_THRESHOLD = 2 * LOCKOUT_THRESHOLD;
export const LOCKOUT_WINDOW_MS = 15 * 60_000;
export const LOCKOUT_DURATION_MS = 15 * 60_000;
/** How many addresses an account remembers having signed in from (the newest). */
export const KNOWN_ADDRESSES_KEPT = 20;
/** The address of locks from before locks were per address: it holds every address. */
export const EVERY_ADDRESS = '*';

export type AccountProfile = {
  hospitalId: string;
  kind: 'admin' | 'staff';
  email: string;
  role: string;
  firstName: string;
  lastName: string;
};

export type AccountState = {
  /** none: never heard of; staged: an admin's password waits for verification; closed: deleted. */
  status: 'none' | 'staged' | 'active' | 'disabled' | 'closed';
  userId: string | null;
  /** The registration whose admin this account is (admins only). */
  registrationId: string | null;
  profile: AccountProfile | null;
  disabledReason: 'deactivated' | 'deleted' | null;
  hasPassword: boolean;
  invitation: 'none' | 'sent' | 'failed';
  /** The failures since the last success or lock from their address. */
  failures: { at: string; ip: string }[];
  /**
   * Sign-in locks by client address (issue 21): failures from one address lock only that
   * address, so a stranger cannot lock the owner out. EVERY_ADDRESS: a lock from before.
   */
  locks: Record<string, string>;
  /** Addresses that signed in successfully, newest last. */
  knownIps: string[];
};

export const accountStream = (userId: string) => `account-${userId}`;

export const initialAccountState = (): AccountState => ({
  status: 'none',
  userId: null,
  registrationId: null,
  profile: null,
  disabledReason: null,
  hasPassword: false,
  invitation: 'none',
  failures: [],
  locks: {},
  knownIps: [],
});

export function evolveAccount(state: AccountState, event: AccountEvent): AccountState {
  switch (event.type) {
    case 'AccountCredentialsStaged':
      return {
        ...state,
        status: state.status === 'none' ? 'staged' : state.status,
        userId: event.data.userId,
        registrationId: event.data.registrationId,
        hasPassword: true,
      };
    case 'AccountProvisioned': {
      const { userId, hospitalId, kind, email, role, firstName, lastName } = event.data;
      return { ...state, status: 'active', userId, profile: { hospitalId, kind, email, role, firstName, lastName } };
    }
    case 'TemporaryPasswordIssued':
      return { ...state, hasPassword: true };
    case 'InvitationSent':
      return { ...state, invitation: 'sent' };
    case 'InvitationFailed':
      return { ...state, invitation: state.invitation === 'sent' ? 'sent' : 'failed' };
    case 'AccountProfileChanged': {
      if (!state.profile) return state;
      const { email, role, firstName, lastName } = event.data;
      return { ...state, profile: { ...state.profile, email, role, firstName, lastName } };
    }
    case 'AccountDisabled':
      return state.status === 'closed' ? state : { ...state, status: 'disabled', disabledReason: event.data.reason };
    case 'AccountEnabled':
      return state.status === 'disabled' ? { ...state, status: 'active', disabledReason: null } : state;
    case 'AccountClosed':
      return { ...state, status: 'closed' };
    case 'LoginFailed':
      return { ...state, failures: [...state.failures, { at: event.data.at, ip: event.data.ip ?? EVERY_ADDRESS }] };
    case 'AccountLocked': {
      const ip = event.data.ip ?? EVERY_ADDRESS;
      return {
        ...state,
        failures: ip === EVERY_ADDRESS ? [] : state.failures.filter((f) => f.ip !== ip),
        locks: { ...state.locks, [ip]: event.data.lockedUntil },
      };
    }
    case 'LoginSucceeded': {
      const ip = event.data.ip;
      if (ip === undefined) return { ...state, failures: [], locks: {} };
      const locks = { ...state.locks };
      delete locks[ip];
      const knownIps = [...state.knownIps.filter((k) => k !== ip), ip].slice(-KNOWN_ADDRESSES_KEPT);
      return { ...state, failures: state.failures.filter((f) => f.ip !== ip), locks, knownIps };
    }
    case 'PasswordChanged':
      return { ...state, hasPassword: true };
    default:
      return state;
  }
}

export function lockedMessage(minutes: number): string {
  return `Account locked due to too many failed login attempts. Try again in ${minutes} ${minutes === 1 ? 'minute' : 'minutes'}.`;
}

/** Until when sign-ins from `ip` are locked (its own lock or one of every address), or null. */
export function lockedUntilFor(state: Pick<AccountState, 'locks'>, ip: string): string | null {
  const own = state.locks[ip] ?? null;
  const every = state.locks[EVERY_ADDRESS] ?? null;
  if (!own || !every) return own ?? every;
  return own > every ? own : every;
}

/** Seconds until `lockedUntil`, rounded up, at least 1; 0 when not locked at `now` (Retry-After). */
export function secondsLocked(lockedUntil: string | Date | null, now: Date): number {
  if (!lockedUntil) return 0;
  const ms = new Date(lockedUntil).getTime() - now.getTime();
  return ms > 0 ? Math.max(1, Math.ceil(ms / 1000)) : 0;
}

/** Minutes until `lockedUntil`, rounded up, at least 1; 0 when not locked at `now`. */
export function minutesLocked(lockedUntil: string | Date | null, now: Date): number {
  if (!lockedUntil) return 0;
  const ms = new Date(lockedUntil).getTime() - now.getTime();
  return ms > 0 ? Math.max(1, Math.ceil(ms / 60_000)) : 0;
}
