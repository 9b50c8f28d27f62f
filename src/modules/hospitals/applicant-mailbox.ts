import { createHash } from 'node:crypto';
import type { Decider } from '../../platform/event-store/command-handler';
import type { ApplicantMailboxEvent, ApplicantMailSent } from './events';

/**
 * One applicant email address as the registration flow sees it (stream
 * `applicant-mailbox-<hash>`). Two rules live here, race-free because every writer appends to
 * this one stream with the revision it read:
 *
 * - Every registration for the address is its own, with its own code, bound to the browser that
 *   submitted it (registration-cookie.ts): a second registration never replaces or reuses the
 *   first, so whoever registers first, the code in the owner's mailbox only verifies the
 *   registration of the browser it was asked for (issue 33).
 * - Mails to the address are limited, whoever asks: MAILS_PER_HOUR an hour, counting verification
 *   codes and "this address already has an account" notices alike, and a resend at most one a
 *   minute. A new registration's own code is not held back by the minute (two people registering
 *   one address at once each get their code), only by the hourly limit.
 * - An address that has an account answers the verify screen as a pending registration would
 *   (`decoy`): a registration for it mails the owner a notice instead of a code, and that notice
 *   stands for a code nobody holds. Wrong codes are counted against it, the sixth is refused as too
 *   many and, once a code's time is up, as expired; otherwise a stranger could tell an address
 *   with an account (400 for ever) from a new one (429 after five tries) by guessing.
 */

/** How long a registration holds its admin email; the verify screen's code lives 15 minutes of it. */
export const REGISTRATION_TTL_MS = 30 * 60_000;
/** How long a verification code works, and how many wrong codes it takes before it is burnt. */
export const CODE_TTL_MS = 15 * 60_000;
export const MAX_CODE_ATTEMPTS = 5;
/** Wrong codes a code takes from all addresses together (each address has MAX_CODE_ATTEMPTS). */
export const MAX_CODE_ATTEMPTS_TOTAL = 10;
export const MAIL_INTERVAL_MS = 60_000;
export const MAILS_PER_HOUR = 5;
const HOUR_MS = 60 * 60_000;

export type ApplicantMailboxState = {
  pending: { registrationId: string; expiresAt: string } | null;
  /** The times of the last MAILS_PER_HOUR mails, oldest first. */
  sent: string[];
  /** The code an "account exists" notice stands for: when its registration would have opened, when it was issued, wrong tries. */
  decoy: {
    id: string | null;
    openedAt: string;
    issuedAt: string;
    failures: number;
    bySource: Record<string, number>;
  } | null;
};

export const applicantMailboxStream = (email: string) =>
  `applicant-mailbox-${createHash('sha256').update(email.trim().toLowerCase()).digest('hex').slice(0, 40)}`;

/** The address had its share of mail; `seconds` until the next one may go. */
export class MailThrottled extends Error {
  constructor(readonly seconds: number) {
    super('too many mails to this address');
    this.name = 'MailThrottled';
  }
}

/**
 * Seconds until the next mail to this address may go; 0 when it may go now. `interval: false`
 * (a new registration's first code) counts only the hourly limit.
 */
export function mailWaitSeconds(state: ApplicantMailboxState, now: string, interval = true): number {
  const t = Date.parse(now);
  const last = state.sent[state.sent.length - 1];
  let until = last && interval ? Date.parse(last) + MAIL_INTERVAL_MS : 0;
  const oldest = state.sent[0];
  if (state.sent.length >= MAILS_PER_HOUR && oldest) until = Math.max(until, Date.parse(oldest) + HOUR_MS);
  return until > t ? Math.ceil((until - t) / 1000) : 0;
}

export type OpenRegistration = { type: 'OpenRegistration'; email: string; registrationId: string; now: string };
export type RecordMail = {
  type: 'RecordMail';
  email: string;
  kind: ApplicantMailSent['data']['kind'];
  /** For an `account-exists` notice: the id the browser was bound to, standing for a registration. */
  registrationId: string | null;
  now: string;
  /** false: a new registration's first code (only the hourly limit applies). */
  interval?: boolean;
};
/** A code typed, in a browser bound to `decoyId`, for this address when it has an account. */
export type FailVerification = {
  type: 'FailVerification';
  email: string;
  decoyId: string;
  source: string;
  now: string;
};
export type ApplicantMailboxCommand = OpenRegistration | RecordMail | FailVerification;

/** How a pending registration would refuse the code: the route answers with its own error for each. */
export class CodeRefused extends Error {
  constructor(readonly reason: 'invalid' | 'too-many' | 'expired') {
    super(`verification code refused: ${reason}`);
    this.name = 'CodeRefused';
  }
}

/** The decoy registration still holds the address (a resend renews its notice, as it would a code). */
export function decoyOpen(state: ApplicantMailboxState, now: string): boolean {
  return state.decoy !== null && Date.parse(now) < Date.parse(state.decoy.openedAt) + REGISTRATION_TTL_MS;
}

function open(command: OpenRegistration): ApplicantMailboxEvent[] {
  const expiresAt = new Date(Date.parse(command.now) + REGISTRATION_TTL_MS).toISOString();
  return [
    {
      type: 'ApplicantRegistrationOpened',
      data: { email: command.email, registrationId: command.registrationId, expiresAt },
    },
  ];
}

function recordMail(command: RecordMail, state: ApplicantMailboxState): ApplicantMailboxEvent[] {
  const wait = mailWaitSeconds(state, command.now, command.interval ?? true);
  if (wait > 0) throw new MailThrottled(wait);
  const { email, kind, registrationId, now } = command;
  return [{ type: 'ApplicantMailSent', data: { email, kind, registrationId, at: now } }];
}

/** Whether `source` (a client address) or everyone together used up a code's wrong tries. */
export function triesUsedUp(failures: number, bySource: Record<string, number>, source: string): boolean {
  return failures >= MAX_CODE_ATTEMPTS_TOTAL || (bySource[source] ?? 0) >= MAX_CODE_ATTEMPTS;
}

/** In the order a registration checks: too many tries, expired, then the wrong code is counted. */
function failVerification(command: FailVerification, state: ApplicantMailboxState): ApplicantMailboxEvent[] {
  const { decoy } = state;
  // Only the browser the notice's answer was bound to: any other is a stranger's guess (plain 400).
  if (!decoy || decoy.id !== command.decoyId) throw new CodeRefused('invalid');
  if (triesUsedUp(decoy.failures, decoy.bySource, command.source)) throw new CodeRefused('too-many');
  const expiresAt = Math.min(
    Date.parse(decoy.issuedAt) + CODE_TTL_MS,
    Date.parse(decoy.openedAt) + REGISTRATION_TTL_MS,
  );
  if (Date.parse(command.now) >= expiresAt) throw new CodeRefused('expired');
  return [
    {
      type: 'ApplicantVerificationFailed',
      data: { email: command.email, failedAttempts: decoy.failures + 1, at: command.now, source: command.source },
    },
  ];
}

function noticeSent(state: ApplicantMailboxState, at: string, id: string | null): ApplicantMailboxState['decoy'] {
  const openedAt = decoyOpen(state, at) ? state.decoy!.openedAt : at;
  return { id, openedAt, issuedAt: at, failures: 0, bySource: {} };
}

export const applicantMailboxDecider: Decider<ApplicantMailboxCommand, ApplicantMailboxEvent, ApplicantMailboxState> = {
  initialState: () => ({ pending: null, sent: [], decoy: null }),
  evolve: (state, event) => {
    switch (event.type) {
      case 'ApplicantRegistrationOpened':
        return { ...state, pending: { registrationId: event.data.registrationId, expiresAt: event.data.expiresAt } };
      case 'ApplicantMailSent': {
        const sent = [...state.sent, event.data.at].slice(-MAILS_PER_HOUR);
        const decoy =
          event.data.kind === 'account-exists'
            ? noticeSent(state, event.data.at, event.data.registrationId)
            : state.decoy;
        return { ...state, sent, decoy };
      }
      case 'ApplicantVerificationFailed': {
        if (!state.decoy) return state;
        const source = event.data.source ?? '';
        const bySource = { ...state.decoy.bySource, [source]: (state.decoy.bySource[source] ?? 0) + 1 };
        return { ...state, decoy: { ...state.decoy, failures: event.data.failedAttempts, bySource } };
      }
      default:
        return state;
    }
  },
  decide: (command, state) => {
    switch (command.type) {
      case 'OpenRegistration':
        return open(command);
      case 'RecordMail':
        return recordMail(command, state);
      case 'FailVerification':
        return failVerification(command, state);
      default: {
        const never: never = command;
        throw new Error(`Unknown command ${(never as { type: string }).type}`);
      }
    }
  },
};
