import type { HospitalRegistrationSubmitted, RegistrationEvent } from './events';

/**
 * The registration aggregate, stream `registration-<registrationId>`: a hospital's onboarding
 * request, its emailed codes and the attempts at them, until the admin's email is verified.
 * Codes are kept only as hashes (see verification-code.ts).
 */

export type { RegistrationEvent } from './events';

export type Submission = HospitalRegistrationSubmitted['data'];
export type IssuedCode = { hash: string; issuedAt: string; expiresAt: string };

export type RegistrationState =
  | { status: 'none' }
  | {
      status: 'pending';
      submission: Submission;
      code: IssuedCode | null;
      /** When the first code went out, in the submission's own commit: the registration's age. */
      openedAt: string | null;
      lastIssuedAt: string | null;
      /** Wrong tries at the current code, all together and per client address. */
      failures: number;
      failuresBySource: Record<string, number>;
    }
  | { status: 'verified'; submission: Submission; usedCodeHash: string; hospitalCode: string }
  /** Another registration of the same address was verified first: nothing here works any more. */
  | { status: 'superseded'; submission: Submission };

export const registrationStream = (registrationId: string) => `registration-${registrationId}`;

export function evolveRegistration(state: RegistrationState, event: RegistrationEvent): RegistrationState {
  switch (event.type) {
    case 'HospitalRegistrationSubmitted':
      return {
        status: 'pending',
        submission: event.data,
        code: null,
        openedAt: null,
        lastIssuedAt: null,
        failures: 0,
        failuresBySource: {},
      };
    case 'VerificationCodeIssued':
      if (state.status !== 'pending') return state;
      return {
        ...state,
        code: { hash: event.data.codeHash, issuedAt: event.data.issuedAt, expiresAt: event.data.expiresAt },
        openedAt: state.openedAt ?? event.data.issuedAt,
        lastIssuedAt: event.data.issuedAt,
        failures: 0,
        failuresBySource: {},
      };
    case 'VerificationFailed': {
      if (state.status !== 'pending') return state;
      const source = event.data.source ?? '';
      const failuresBySource = { ...state.failuresBySource, [source]: (state.failuresBySource[source] ?? 0) + 1 };
      return { ...state, failures: event.data.failedAttempts, failuresBySource };
    }
    case 'VerificationCodeVoided':
      if (state.status !== 'pending') return state;
      if (event.data.reason === 'superseded') return { status: 'superseded', submission: state.submission };
      return { ...state, code: null };
    case 'EmailVerified':
      if (state.status !== 'pending') return state;
      return {
        status: 'verified',
        submission: state.submission,
        usedCodeHash: state.code?.hash ?? '',
        hospitalCode: event.data.hospitalCode,
      };
    default:
      return state;
  }
}
