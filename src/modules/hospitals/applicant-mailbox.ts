import { createHash } from 'node:crypto';
import type { Decider } from '../../platform/event-store/command-handler';
import type { ApplicantMailboxEvent, ApplicantMailSent } from './events';

/**
 * One applicant email address as the registration flow sees it (stream
 * `applicant-mailbox-<hash>`). Two rules live here, race-free because every writer appends to
 * this one stream with the revision it read:
 *
 * - A pending registration holds the address until it expires: a second registration for the
 *   same email cannot replace it (that would let a stranger who cannot read the mailbox choose
 *   the password the owner's code then activates). It only gets the pending one's code resent.
 * - Mails to the address are limited, whoever asks: at most one a minute and MAILS_PER_HOUR an
 *   hour, counting verification codes and "this address already has an account" notices alike.
 */

/** How long a registration holds its admin email; the verify screen's code lives 15 minutes of it. */
export const REGISTRATION_TTL_MS = 30 * 60_000;
export const MAIL_INTERVAL_MS = 60_000;
export const MAILS_PER_HOUR = 5;
const HOUR_MS = 60 * 60_000;

export type ApplicantMailboxState = {
  pending: { registrationId: string; expiresAt: string } | null;
  /** The times of the last MAILS_PER_HOUR mails, oldest first. */
  sent: string[];
};

export const applicantMailboxStream = (email: string) =>
  `applicant-mailbox-${createHash('sha256').update(email.trim().toLowerCase()).digest('hex').slice(0, 40)}`;

/** A registration for this email is still pending (not verified, not expired). */
export class RegistrationPending extends Error {
  constructor(readonly registrationId: string) {
    super('a registration for this email is pending');
    this.name = 'RegistrationPending';
  }
}

/** The address had its share of mail; `seconds` until the next one may go. */
export class MailThrottled extends Error {
  constructor(readonly seconds: number) {
    super('too many mails to this address');
    this.name = 'MailThrottled';
  }
}

/** Seconds until the next mail to this address may go; 0 when it may go now. */
export function mailWaitSeconds(state: ApplicantMailboxState, now: string): number {
  const t = Date.parse(now);
  const last = state.sent[state.sent.length - 1];
  let until = last ? Date.parse(last) + MAIL_INTERVAL_MS : 0;
  const oldest = state.sent[0];
  if (state.sent.length >= MAILS_PER_HOUR && oldest) until = Math.max(until, Date.parse(oldest) + HOUR_MS);
  return until > t ? Math.ceil((until - t) / 1000) : 0;
}

export type OpenRegistration = { type: 'OpenRegistration'; email: string; registrationId: string; now: string };
export type RecordMail = {
  type: 'RecordMail';
  email: string;
  kind: ApplicantMailSent['data']['kind'];
  registrationId: string | null;
  now: string;
};
export type ApplicantMailboxCommand = OpenRegistration | RecordMail;

function open(command: OpenRegistration, state: ApplicantMailboxState): ApplicantMailboxEvent[] {
  const { pending } = state;
  if (pending && Date.parse(command.now) < Date.parse(pending.expiresAt))
    throw new RegistrationPending(pending.registrationId);
  const expiresAt = new Date(Date.parse(command.now) + REGISTRATION_TTL_MS).toISOString();
  return [
    {
      type: 'ApplicantRegistrationOpened',
      data: { email: command.email, registrationId: command.registrationId, expiresAt },
    },
  ];
}

function recordMail(command: RecordMail, state: ApplicantMailboxState): ApplicantMailboxEvent[] {
  const wait = mailWaitSeconds(state, command.now);
  if (wait > 0) throw new MailThrottled(wait);
  const { email, kind, registrationId, now } = command;
  return [{ type: 'ApplicantMailSent', data: { email, kind, registrationId, at: now } }];
}

export const applicantMailboxDecider: Decider<ApplicantMailboxCommand, ApplicantMailboxEvent, ApplicantMailboxState> = {
  initialState: () => ({ pending: null, sent: [] }),
  evolve: (state, event) => {
    switch (event.type) {
      case 'ApplicantRegistrationOpened':
        return { ...state, pending: { registrationId: event.data.registrationId, expiresAt: event.data.expiresAt } };
      case 'ApplicantMailSent':
        return { ...state, sent: [...state.sent, event.data.at].slice(-MAILS_PER_HOUR) };
      default:
        return state;
    }
  },
  decide: (command, state) => {
    switch (command.type) {
      case 'OpenRegistration':
        return open(command, state);
      case 'RecordMail':
        return recordMail(command, state);
      default: {
        const never: never = command;
        throw new Error(`Unknown command ${(never as { type: string }).type}`);
      }
    }
  },
};
