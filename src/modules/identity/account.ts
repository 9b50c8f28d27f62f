import type { AccountEvent } from './events';

/**
 * The account aggregate, stream `account-<userId>`: a login account from its staged or
 * provisioned beginning, through sign-ins, lockouts and password changes, to its closing.
 */
export const LOCKOUT_THRESHOLD = 5;
export const LOCKOUT_WINDOW_MS = 15 * 60_000;
export const LOCKOUT_DURATION_MS = 15 * 60_000;

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
  /** Times of the failures since the last success or lock. */
  failures: string[];
  lockedUntil: string | null;
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
  lockedUntil: null,
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
      return { ...state, failures: [...state.failures, event.data.at] };
    case 'AccountLocked':
      return { ...state, failures: [], lockedUntil: event.data.lockedUntil };
    case 'LoginSucceeded':
      return { ...state, failures: [], lockedUntil: null };
    case 'PasswordChanged':
      return { ...state, hasPassword: true };
    default:
      return state;
  }
}

export function lockedMessage(minutes: number): string {
  return `Account locked due to too many failed login attempts. Try again in ${minutes} ${minutes === 1 ? 'minute' : 'minutes'}.`;
}

/** Minutes until `lockedUntil`, rounded up, at least 1; 0 when not locked at `now`. */
export function minutesLocked(lockedUntil: string | Date | null, now: Date): number {
  if (!lockedUntil) return 0;
  const ms = new Date(lockedUntil).getTime() - now.getTime();
  return ms > 0 ? Math.max(1, Math.ceil(ms / 60_000)) : 0;
}
