import type { DomainEvent } from '../../platform/event-store/port';
import type { Described, NameOf } from './describe-kit';
import { ok, onUser, str, userNamed } from './describe-kit';

/**
 * The trail's sentences for sign-in, accounts and a hospital's registration (its e-mail codes and
 * the notices to an address that already has an account); null for any other event.
 */
type Data = Record<string, unknown>;

export function describeIdentity(event: DomainEvent, name: NameOf): Described | null {
  const d = event.data as Data;
  switch (event.type) {
    // ─── Identity
    case 'LoginSucceeded':
      return onUser(d, `Signed in`);
    case 'LoginFailed':
      return {
        ...onUser(
          d,
          d.reason === 'wrong_current_password'
            ? `Failed to change password: wrong current password (attempt ${str(d.failedAttempts)})`
            : `Failed sign-in: wrong password (attempt ${str(d.failedAttempts)})`,
        ),
        outcome: 'failure',
      };
    case 'SignInFailed':
      return d.reason === 'locked'
        ? { ...onUser(d, `Refused sign-in of ${userNamed(d, name)}: account locked`), outcome: 'failure' }
        : { ...ok(`Failed sign-in: no account for ${str(d.email)}`, null, null), outcome: 'failure' };
    case 'AccountLocked':
      return {
        ...onUser(d, `Account of ${userNamed(d, name)} locked until ${str(d.lockedUntil)}`),
        outcome: 'failure',
      };
    case 'PasswordChanged':
      return onUser(d, 'Changed password');
    case 'LoggedOut':
      return onUser(d, 'Signed out');
    case 'SessionRevoked':
      return onUser(d, `Session ended (${str(d.reason)})`);
    case 'TemporaryPasswordIssued':
      return onUser(d, `Issued a temporary password to ${userNamed(d, name)}`);
    case 'InvitationSent':
      return onUser(d, `Sent the invitation e-mail to ${str(d.to)}`);
    case 'InvitationFailed':
      return { ...onUser(d, `Could not send the invitation e-mail to ${str(d.to)}`), outcome: 'failure' };
    case 'AccountProvisioned':
      return onUser(d, `Created the sign-in account of ${`${str(d.firstName)} ${str(d.lastName)}`.trim()}`);
    // ─── Hospitals
    case 'HospitalRegistrationSubmitted':
      return ok(
        `Submitted the registration of ${str((d.hospitalData as Data)?.name)}`,
        'registration',
        d.registrationId,
      );
    case 'VerificationFailed':
      return {
        ...ok(`Failed e-mail verification (attempt ${str(d.failedAttempts)})`, 'registration', d.registrationId),
        outcome: 'failure',
      };
    case 'EmailVerified':
      return ok(`Verified the e-mail ${str(d.email)}`, 'registration', d.registrationId);
    case 'ApplicantMailSent':
      return d.kind === 'account-exists'
        ? ok(`Told ${str(d.email)} that someone tried to register a hospital with it`, null, null)
        : ok(`Sent a verification code to ${str(d.email)}`, 'registration', d.registrationId);
    case 'ApplicantVerificationFailed':
      return {
        ...ok(
          `Typed a wrong verification code for ${str(d.email)}, which has an account (attempt ${str(d.failedAttempts)})`,
          null,
          null,
        ),
        outcome: 'failure',
      };
    default:
      return null;
  }
}
