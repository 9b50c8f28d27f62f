import { describe, it } from 'vitest';
import { given } from '../../../test/helpers/given';
import type { RegistrationEvent, Submission } from './registration';
import {
  AlreadyVerified,
  InvalidVerificationCode,
  RegistrationAlreadySubmitted,
  registrationDecider,
  RegistrationExpired,
  ResendTooSoon,
  TooManyVerificationAttempts,
  VerificationCodeAlreadyUsed,
  VerificationCodeExpired,
} from './registration-decider';

const T0 = '2025-03-01T09:00:00.000Z';
const at = (minutes: number) => new Date(new Date(T0).getTime() + minutes * 60_000).toISOString();
const HASH_A = 'aa'.repeat(32);
const HASH_B = 'bb'.repeat(32);

const submission: Submission = {
  registrationId: 'r-1',
  hospitalId: 'h-1',
  adminUserId: 'u-1',
  hospitalCode: 'HMS-7K3QX9MD',
  hospitalData: {
    name: 'St. Luke Clinic',
    registrationNumber: 'RGN/LAG/2024/0001847',
    licenseNumber: 'HEFAMAA/LAG/2024/CLI/001234',
    hospitalNumber: 'DVC/2024/001234',
    email: 'info@stluke.ng',
  },
  admin: { fullName: 'Ada Okafor', jobTitle: 'Medical Director', email: 'ada@stluke.ng' },
};

const submitted: RegistrationEvent = { type: 'HospitalRegistrationSubmitted', data: submission };
const issuedA: RegistrationEvent = {
  type: 'VerificationCodeIssued',
  data: { registrationId: 'r-1', codeHash: HASH_A, issuedAt: T0, expiresAt: at(15) },
};
const failed = (n: number, source = '10.0.0.1'): RegistrationEvent => ({
  type: 'VerificationFailed',
  data: { registrationId: 'r-1', failedAttempts: n, at: at(1), source },
});
const verified: RegistrationEvent = {
  type: 'EmailVerified',
  data: {
    registrationId: 'r-1',
    hospitalId: 'h-1',
    adminUserId: 'u-1',
    hospitalCode: 'HMS-7K3QX9MD',
    email: 'ada@stluke.ng',
    at: at(2),
  },
};
const verify = (codeHash: string, minutes: number, source = '10.0.0.1') =>
  ({ type: 'VerifyEmail', codeHash, hospitalCode: 'HMS-7K3QX9MD', source, now: at(minutes) }) as const;

describe('registration decider', () => {
  it('submits a registration and issues a code valid for 15 minutes', () => {
    given(registrationDecider)
      .when({ type: 'SubmitRegistration', submission, codeHash: HASH_A, now: T0 })
      .then([submitted, issuedA]);
  });

  it('refuses to submit the same registration twice', () => {
    given(registrationDecider, [submitted, issuedA])
      .when({ type: 'SubmitRegistration', submission, codeHash: HASH_A, now: T0 })
      .thenThrows(RegistrationAlreadySubmitted);
  });

  it('verifies the email with the right code', () => {
    given(registrationDecider, [submitted, issuedA]).when(verify(HASH_A, 2)).then([verified]);
  });

  it('records a wrong code as a failed attempt', () => {
    given(registrationDecider, [submitted, issuedA])
      .when(verify(HASH_B, 1))
      .then([failed(1)]);
  });

  it('still accepts the right code after four wrong ones', () => {
    given(registrationDecider, [submitted, issuedA, failed(1), failed(2), failed(3), failed(4)])
      .when(verify(HASH_A, 2))
      .then([verified]);
  });

  it('refuses even the right code after five wrong ones', () => {
    given(registrationDecider, [submitted, issuedA, failed(1), failed(2), failed(3), failed(4), failed(5)])
      .when(verify(HASH_A, 2))
      .thenThrows(TooManyVerificationAttempts, 'Too many verification attempts. Please request a new code');
  });

  it("counts wrong codes per client address: another address's five do not burn the code (issue 33)", () => {
    const strangers = [1, 2, 3, 4, 5].map((n) => failed(n, '10.9.9.9'));
    given(registrationDecider, [submitted, issuedA, ...strangers])
      .when(verify(HASH_A, 2))
      .then([verified]);
    const everyone = [1, 2, 3, 4, 5, 6, 7, 8, 9, 10].map((n) => failed(n, `10.9.9.${n}`));
    given(registrationDecider, [submitted, issuedA, ...everyone])
      .when(verify(HASH_A, 2))
      .thenThrows(TooManyVerificationAttempts);
  });

  it('voids a registration when another of its address is verified; its code and resends then do nothing', () => {
    const voided: RegistrationEvent = {
      type: 'VerificationCodeVoided',
      data: { registrationId: 'r-1', reason: 'superseded', at: at(2) },
    };
    given(registrationDecider, [submitted, issuedA])
      .when({ type: 'VoidCode', now: at(2) })
      .then([voided]);
    given(registrationDecider, [submitted, issuedA, voided])
      .when(verify(HASH_A, 3))
      .thenThrows(InvalidVerificationCode);
    given(registrationDecider, [submitted, issuedA, voided])
      .when({ type: 'ResendCode', codeHash: HASH_B, now: at(3) })
      .thenThrows(RegistrationExpired);
  });

  it('refuses a code at its expiry time', () => {
    given(registrationDecider, [submitted, issuedA])
      .when(verify(HASH_A, 15))
      .thenThrows(VerificationCodeExpired, 'Verification code has expired. Please request a new one');
  });

  it('refuses a used code as used, and any other code as invalid', () => {
    given(registrationDecider, [submitted, issuedA, verified])
      .when(verify(HASH_A, 3))
      .thenThrows(VerificationCodeAlreadyUsed, 'This verification code has already been used');
    given(registrationDecider, [submitted, issuedA, verified])
      .when(verify(HASH_B, 3))
      .thenThrows(InvalidVerificationCode, 'Invalid verification code. Please try again');
  });

  it('refuses verification of a registration that does not exist', () => {
    given(registrationDecider).when(verify(HASH_A, 1)).thenThrows(InvalidVerificationCode);
  });

  it('refuses a resend within a minute of the last code, saying how long to wait', () => {
    given(registrationDecider, [submitted, issuedA])
      .when({ type: 'ResendCode', codeHash: HASH_B, now: new Date(new Date(T0).getTime() + 20_000).toISOString() })
      .thenThrows(ResendTooSoon, 'Please wait 40 seconds before requesting a new code');
  });

  it('voids the old code and issues a new one after a minute, with fresh attempts', () => {
    given(registrationDecider, [submitted, issuedA, failed(1)])
      .when({ type: 'ResendCode', codeHash: HASH_B, now: at(1) })
      .then([
        { type: 'VerificationCodeVoided', data: { registrationId: 'r-1', reason: 'resent', at: at(1) } },
        {
          type: 'VerificationCodeIssued',
          data: { registrationId: 'r-1', codeHash: HASH_B, issuedAt: at(1), expiresAt: at(16) },
        },
      ]);
  });

  it('accepts the new code and refuses the voided one after a resend', () => {
    const resent: RegistrationEvent[] = [
      { type: 'VerificationCodeVoided', data: { registrationId: 'r-1', reason: 'resent', at: at(1) } },
      {
        type: 'VerificationCodeIssued',
        data: { registrationId: 'r-1', codeHash: HASH_B, issuedAt: at(1), expiresAt: at(16) },
      },
    ];
    given(registrationDecider, [submitted, issuedA, failed(1), failed(2), failed(3), failed(4), failed(5), ...resent])
      .when(verify(HASH_B, 2))
      .then([verified]);
    given(registrationDecider, [submitted, issuedA, ...resent])
      .when(verify(HASH_A, 2))
      .then([
        {
          type: 'VerificationFailed',
          data: { registrationId: 'r-1', failedAttempts: 1, at: at(2), source: '10.0.0.1' },
        },
      ]);
  });

  it('refuses a resend for an email already verified', () => {
    given(registrationDecider, [submitted, issuedA, verified])
      .when({ type: 'ResendCode', codeHash: HASH_B, now: at(5) })
      .thenThrows(AlreadyVerified);
  });

  it('ends a pending registration 30 minutes after its first code, whatever codes came after', () => {
    const resentAt = (minutes: number): RegistrationEvent => ({
      type: 'VerificationCodeIssued',
      data: { registrationId: 'r-1', codeHash: HASH_B, issuedAt: at(minutes), expiresAt: at(minutes + 15) },
    });
    given(registrationDecider, [submitted, issuedA, resentAt(20)])
      .when(verify(HASH_B, 30))
      .thenThrows(VerificationCodeExpired, 'Verification code has expired. Please request a new one');
    given(registrationDecider, [submitted, issuedA, resentAt(20)])
      .when({ type: 'ResendCode', codeHash: HASH_A, now: at(30) })
      .thenThrows(RegistrationExpired);
    given(registrationDecider, [submitted, issuedA, resentAt(20)])
      .when(verify(HASH_B, 29))
      .then([{ ...verified, data: { ...verified.data, at: at(29) } }]);
  });
});
