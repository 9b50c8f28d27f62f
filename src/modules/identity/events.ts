import { z } from 'zod';
import { defineEvent, type EventMap, type EventsOf } from '../../platform/event-store/contracts';
import { ROLE_CODES } from '../../shared/roles';

/**
 * Identity's events: accounts (stream `account-<userId>`), sessions (`session-<sessionId>`) and
 * tenants, identity's own record of each hospital it signs people in for (`tenant-<hospitalId>`).
 * Identity owns credentials end to end: password hashes (argon2id) appear only here, never in
 * another module's events.
 */
const role = z.enum(ROLE_CODES);
const at = z.string();

// ─── Accounts ───

/** An onboarding admin's chosen password, held until the registration is verified. */
export const accountCredentialsStaged = defineEvent(
  'AccountCredentialsStaged',
  z.object({ userId: z.string(), email: z.string(), registrationId: z.string(), passwordHash: z.string() }),
);
export const accountProvisioned = defineEvent(
  'AccountProvisioned',
  z.object({
    userId: z.string(),
    hospitalId: z.string(),
    kind: z.enum(['admin', 'staff']),
    /** Lowercase. */
    email: z.string(),
    role,
    firstName: z.string(),
    lastName: z.string(),
    jobTitle: z.string().nullable(),
    employeeId: z.string().nullable(),
    department: z.string().nullable(),
    specialization: z.string().nullable(),
    phone: z.string().nullable(),
  }),
);
/** A staff member's generated password; they must change it at their first sign-in. */
export const temporaryPasswordIssued = defineEvent(
  'TemporaryPasswordIssued',
  z.object({ userId: z.string(), passwordHash: z.string(), at }),
);
export const invitationSent = defineEvent('InvitationSent', z.object({ userId: z.string(), to: z.string(), at }));
export const invitationFailed = defineEvent(
  'InvitationFailed',
  z.object({ userId: z.string(), to: z.string(), reason: z.string(), at }),
);
/** The full new profile, not a diff, so consumers never need the previous event. */
export const accountProfileChanged = defineEvent(
  'AccountProfileChanged',
  z.object({ userId: z.string(), firstName: z.string(), lastName: z.string(), email: z.string(), role }),
);
export const accountDisabled = defineEvent(
  'AccountDisabled',
  z.object({ userId: z.string(), reason: z.enum(['deactivated', 'deleted']) }),
);
export const accountEnabled = defineEvent('AccountEnabled', z.object({ userId: z.string() }));
/** The account is gone for good and its email free for another account. */
export const accountClosed = defineEvent('AccountClosed', z.object({ userId: z.string(), email: z.string() }));
/** `ip`: the client's address (from issue 21; absent before): its failures and lock are cleared. */
export const loginSucceeded = defineEvent(
  'LoginSucceeded',
  z.object({ userId: z.string(), sessionId: z.string(), at, ip: z.string().optional() }),
);
export const loginFailed = defineEvent(
  'LoginFailed',
  z.object({
    userId: z.string(),
    reason: z.enum(['wrong_password', 'wrong_current_password']),
    at,
    /** Failures from this address in the window, this one included. */
    failedAttempts: z.number().int(),
    /** The client's address (from issue 21; absent before, when failures counted for every address). */
    ip: z.string().optional(),
  }),
);
/** Sign-ins from `ip` are refused until `lockedUntil`; other addresses are not (absent `ip`: every one). */
export const accountLocked = defineEvent(
  'AccountLocked',
  z.object({
    userId: z.string(),
    lockedUntil: z.string(),
    failedAttempts: z.number().int(),
    ip: z.string().optional(),
  }),
);
/**
 * A sign-in refused before any password was checked against an account: the e-mail belongs to no
 * account (stream `sign-in-failures-platform-<day>`, outside every hospital: nobody's hospital is
 * known), or the account is locked (its hospital's stream of the day, the account as subject).
 * Wrong passwords are LoginFailed on the account itself.
 */
export const signInFailed = defineEvent(
  'SignInFailed',
  z.object({
    /** Lowercased, as typed; for a locked account its own. */
    email: z.string(),
    door: z.enum(['admin', 'staff']),
    reason: z.enum(['unknown_email', 'locked']),
    userId: z.string().nullable(),
    at,
  }),
);
/** `sessionId`: the session that made the change stays open; every other one is ended. */
export const passwordChanged = defineEvent(
  'PasswordChanged',
  z.object({ userId: z.string(), passwordHash: z.string(), sessionId: z.string(), at }),
);

// ─── Sessions ───

export const sessionStarted = defineEvent(
  'SessionStarted',
  z.object({
    sessionId: z.string(),
    userId: z.string(),
    hospitalId: z.string(),
    role,
    /** How it began: a password sign-in, or the verification that finished onboarding. */
    via: z.enum(['login', 'verification']),
    startedAt: at,
    expiresAt: z.string(),
    /**
     * The account's credential epoch when the session began (see the accounts read model): a
     * later credential or role change ends the session. Absent on sessions from before it.
     */
    credentialEpoch: z.number().int().optional(),
  }),
);
export const loggedOut = defineEvent('LoggedOut', z.object({ sessionId: z.string(), userId: z.string(), at }));
export const sessionRevoked = defineEvent(
  'SessionRevoked',
  z.object({ sessionId: z.string(), userId: z.string(), reason: z.string(), at }),
);

// ─── Tenants ───

export const tenantRegistered = defineEvent(
  'TenantRegistered',
  z.object({
    hospitalId: z.string(),
    hospitalCode: z.string(),
    name: z.string(),
    status: z.enum(['active', 'inactive']),
  }),
);
export const tenantStatusChanged = defineEvent(
  'TenantStatusChanged',
  z.object({ hospitalId: z.string(), status: z.enum(['active', 'inactive']) }),
);
/** The hospital's new name from its Settings, so sign-in answers and the sidebar show it. */
export const tenantRenamed = defineEvent('TenantRenamed', z.object({ hospitalId: z.string(), name: z.string() }));

export const identityContracts = [
  accountCredentialsStaged,
  accountProvisioned,
  temporaryPasswordIssued,
  invitationSent,
  invitationFailed,
  accountProfileChanged,
  accountDisabled,
  accountEnabled,
  accountClosed,
  loginSucceeded,
  loginFailed,
  accountLocked,
  passwordChanged,
  signInFailed,
  sessionStarted,
  loggedOut,
  sessionRevoked,
  tenantRegistered,
  tenantStatusChanged,
  tenantRenamed,
] as const;

/** The module's events by type name: `IdentityEvents['AccountCredentialsStaged']`. */
export type IdentityEvents = EventMap<typeof identityContracts>;
export type AccountProvisioned = IdentityEvents['AccountProvisioned'];
export type TemporaryPasswordIssued = IdentityEvents['TemporaryPasswordIssued'];
export type AccountProfileChanged = IdentityEvents['AccountProfileChanged'];
export type AccountDisabled = IdentityEvents['AccountDisabled'];
export type LoginSucceeded = IdentityEvents['LoginSucceeded'];
export type LoginFailed = IdentityEvents['LoginFailed'];
export type AccountLocked = IdentityEvents['AccountLocked'];
export type PasswordChanged = IdentityEvents['PasswordChanged'];
export type SignInFailed = IdentityEvents['SignInFailed'];
export type SessionStarted = IdentityEvents['SessionStarted'];
export type TenantRegistered = IdentityEvents['TenantRegistered'];
export type AccountEvent = IdentityEvents[
  | 'AccountCredentialsStaged'
  | 'AccountProvisioned'
  | 'TemporaryPasswordIssued'
  | 'InvitationSent'
  | 'InvitationFailed'
  | 'AccountProfileChanged'
  | 'AccountDisabled'
  | 'AccountEnabled'
  | 'AccountClosed'
  | 'LoginSucceeded'
  | 'LoginFailed'
  | 'AccountLocked'
  | 'PasswordChanged'];
export type SessionEvent = IdentityEvents['SessionStarted' | 'LoggedOut' | 'SessionRevoked'];
export type TenantEvent = IdentityEvents['TenantRegistered' | 'TenantStatusChanged' | 'TenantRenamed'];
export type IdentityEvent = EventsOf<typeof identityContracts>;
