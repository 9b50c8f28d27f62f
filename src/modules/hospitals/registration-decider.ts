import { timingSafeEqual } from 'node:crypto';
import type { Decider } from '../../platform/event-store/command-handler';
import { BadRequest, Conflict, TooManyRequests } from '../../platform/http/errors';
import { CODE_TTL_MS, REGISTRATION_TTL_MS, triesUsedUp } from './applicant-mailbox';
import { evolveRegistration, type RegistrationEvent, type RegistrationState, type Submission } from './registration';

export const RESEND_INTERVAL_MS = 60_000;

// ─── Domain errors: each is the HTTP error it maps to, with the §8 message ───

export class InvalidVerificationCode extends BadRequest {
  constructor() {
    super('Invalid verification code. Please try again', [
      { field: 'token', message: 'Invalid verification code. Please try again' },
    ]);
  }
}
export class VerificationCodeAlreadyUsed extends BadRequest {
  constructor() {
    super('This verification code has already been used');
  }
}
export class VerificationCodeExpired extends BadRequest {
  constructor() {
    super('Verification code has expired. Please request a new one');
  }
}
/** 429: the code is burnt; only a new one helps, which is what the message says. */
export class TooManyVerificationAttempts extends TooManyRequests {
  constructor() {
    super('Too many verification attempts. Please request a new code');
  }
}
export class ResendTooSoon extends TooManyRequests {
  constructor(readonly seconds: number) {
    super(`Please wait ${seconds} seconds before requesting a new code`, seconds);
  }
}
export class RegistrationAlreadySubmitted extends Conflict {
  constructor() {
    super('This registration was already submitted');
  }
}
export class AlreadyVerified extends BadRequest {
  constructor() {
    super('This email address is already verified. Please log in.');
  }
}

/** Not an HTTP error: a resend for an expired registration sends nothing and answers like any other. */
export class RegistrationExpired extends Error {
  constructor() {
    super('registration expired');
    this.name = 'RegistrationExpired';
  }
}

/** A pending registration ends REGISTRATION_TTL_MS after its first code; then its email is free again. */
export function registrationExpiresAt(state: Extract<RegistrationState, { status: 'pending' }>): number {
  return state.openedAt ? Date.parse(state.openedAt) + REGISTRATION_TTL_MS : Infinity;
}

// ─── Commands ───

export type SubmitRegistration = { type: 'SubmitRegistration'; submission: Submission; codeHash: string; now: string };
export type ResendCode = { type: 'ResendCode'; codeHash: string; now: string };
/**
 * `hospitalCode`: the Hospital ID reserved for this registration just before. `source`: the client
 * address typing it; wrong codes are counted per address, so a stranger cannot burn the owner's code.
 */
export type VerifyEmail = { type: 'VerifyEmail'; codeHash: string; hospitalCode: string; source: string; now: string };
/** Another registration of the same address was verified: this one's code stops working. */
export type VoidCode = { type: 'VoidCode'; now: string };
export type RegistrationCommand = SubmitRegistration | ResendCode | VerifyEmail | VoidCode;

function sameHash(a: string, b: string): boolean {
  const x = Buffer.from(a, 'hex');
  const y = Buffer.from(b, 'hex');
  return x.length === y.length && x.length > 0 && timingSafeEqual(x, y);
}

function issued(registrationId: string, codeHash: string, now: string): RegistrationEvent {
  const expiresAt = new Date(new Date(now).getTime() + CODE_TTL_MS).toISOString();
  return { type: 'VerificationCodeIssued', data: { registrationId, codeHash, issuedAt: now, expiresAt } };
}

function submit(command: SubmitRegistration, state: RegistrationState): RegistrationEvent[] {
  if (state.status !== 'none') throw new RegistrationAlreadySubmitted();
  return [
    { type: 'HospitalRegistrationSubmitted', data: command.submission },
    issued(command.submission.registrationId, command.codeHash, command.now),
  ];
}

function resend(command: ResendCode, state: RegistrationState): RegistrationEvent[] {
  if (state.status === 'none') throw new InvalidVerificationCode();
  if (state.status === 'verified') throw new AlreadyVerified();
  if (state.status === 'superseded') throw new RegistrationExpired();
  const now = new Date(command.now).getTime();
  if (now >= registrationExpiresAt(state)) throw new RegistrationExpired();
  const since = state.lastIssuedAt ? now - new Date(state.lastIssuedAt).getTime() : Infinity;
  if (since < RESEND_INTERVAL_MS) throw new ResendTooSoon(Math.ceil((RESEND_INTERVAL_MS - since) / 1000));
  const { registrationId } = state.submission;
  const events: RegistrationEvent[] = [];
  if (state.code)
    events.push({ type: 'VerificationCodeVoided', data: { registrationId, reason: 'resent', at: command.now } });
  events.push(issued(registrationId, command.codeHash, command.now));
  return events;
}

/**
 * Checks in this order: already used, too many attempts, expired, then the code itself. A wrong
 * code is not an exception but an event (VerificationFailed), so the attempt is counted; the
 * route answers 400 after appending it.
 */
function verify(command: VerifyEmail, state: RegistrationState): RegistrationEvent[] {
  if (state.status === 'none' || state.status === 'superseded') throw new InvalidVerificationCode();
  if (state.status === 'verified') {
    if (sameHash(state.usedCodeHash, command.codeHash)) throw new VerificationCodeAlreadyUsed();
    throw new InvalidVerificationCode();
  }
  if (!state.code) throw new InvalidVerificationCode();
  if (triesUsedUp(state.failures, state.failuresBySource, command.source)) throw new TooManyVerificationAttempts();
  const expiresAt = Math.min(new Date(state.code.expiresAt).getTime(), registrationExpiresAt(state));
  if (new Date(command.now).getTime() >= expiresAt) throw new VerificationCodeExpired();
  const { registrationId, hospitalId, adminUserId, admin } = state.submission;
  if (!sameHash(state.code.hash, command.codeHash)) {
    return [
      {
        type: 'VerificationFailed',
        data: { registrationId, failedAttempts: state.failures + 1, at: command.now, source: command.source },
      },
    ];
  }
  return [
    {
      type: 'EmailVerified',
      data: {
        registrationId,
        hospitalId,
        adminUserId,
        hospitalCode: command.hospitalCode,
        email: admin.email,
        at: command.now,
      },
    },
  ];
}

function voidCode(command: VoidCode, state: RegistrationState): RegistrationEvent[] {
  if (state.status !== 'pending' || !state.code) return [];
  const { registrationId } = state.submission;
  return [{ type: 'VerificationCodeVoided', data: { registrationId, reason: 'superseded', at: command.now } }];
}

export const registrationDecider: Decider<RegistrationCommand, RegistrationEvent, RegistrationState> = {
  initialState: () => ({ status: 'none' }),
  evolve: evolveRegistration,
  decide: (command, state) => {
    switch (command.type) {
      case 'SubmitRegistration':
        return submit(command, state);
      case 'ResendCode':
        return resend(command, state);
      case 'VerifyEmail':
        return verify(command, state);
      case 'VoidCode':
        return voidCode(command, state);
      default: {
        const never: never = command;
        throw new Error(`Unknown command ${(never as { type: string }).type}`);
      }
    }
  },
};
