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
      failures: number;
    }
  | { status: 'verified'; submission: Submission; usedCodeHash: string; hospitalCode: string };

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
      };
    case 'VerificationCodeIssued':
      if (state.status !== 'pending') return state;
      return {
        ...state,
        code: { hash: event.data.codeHash, issuedAt: event.data.issuedAt, expiresAt: event.data.expiresAt },
        openedAt: state.openedAt ?? event.data.issuedAt,
        lastIssuedAt: event.data.issuedAt,
        failures: 0,
      };
    case 'VerificationFailed':
      return state.status === 'pending' ? { ...state, failures: event.data.failedAttempts } : state;
    case 'VerificationCodeVoided':
      return state.status === 'pending' ? { ...state, code: null } : state;
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
