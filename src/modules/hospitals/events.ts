import { z } from 'zod';
import { defineEvent, type EventMap } from '../../platform/event-store/contracts';

/**
 * The hospitals module's events: onboarding registrations (stream `registration-<id>`) and
 * hospitals (`hospital-<hospitalId>`). Verification codes appear only as keyed hashes; the
 * admin's password never appears here (identity holds it).
 */
const hospitalData = z.object({
  name: z.string(),
  registrationNumber: z.string(),
  licenseNumber: z.string(),
  hospitalNumber: z.string(),
  email: z.string(),
});

export const hospitalRegistrationSubmitted = defineEvent(
  'HospitalRegistrationSubmitted',
  z.object({
    registrationId: z.string(),
    /** Chosen now so that every retry of the verification creates the very same hospital and admin. */
    hospitalId: z.string(),
    adminUserId: z.string(),
    /** The proposed human-facing Hospital ID; reserved (or replaced on a clash) at verification. */
    hospitalCode: z.string(),
    hospitalData,
    admin: z.object({ fullName: z.string(), jobTitle: z.string(), email: z.string() }),
  }),
  {
    // v1 carried the admin's password hash; identity holds credentials now.
    version: 2,
    upcasters: {
      1: (data) => {
        const { passwordHash: _dropped, ...admin } = (data.admin ?? {}) as Record<string, unknown>;
        return { ...data, admin };
      },
    },
  },
);
export const verificationCodeIssued = defineEvent(
  'VerificationCodeIssued',
  z.object({ registrationId: z.string(), codeHash: z.string(), issuedAt: z.string(), expiresAt: z.string() }),
);
export const verificationFailed = defineEvent(
  'VerificationFailed',
  z.object({
    registrationId: z.string(),
    failedAttempts: z.number().int(),
    at: z.string(),
    /** The client address that typed it (issue 33: wrong codes are counted per address); older events have none. */
    source: z.string().optional(),
  }),
);
export const verificationCodeVoided = defineEvent(
  'VerificationCodeVoided',
  z.object({
    registrationId: z.string(),
    /** `superseded`: another registration of the same address was verified (issue 33). */
    reason: z.enum(['resent', 'superseded']),
    at: z.string(),
  }),
);
export const emailVerified = defineEvent(
  'EmailVerified',
  z.object({
    registrationId: z.string(),
    hospitalId: z.string(),
    adminUserId: z.string(),
    hospitalCode: z.string(),
    email: z.string(),
    at: z.string(),
  }),
);

/**
 * The applicant's mailbox (stream `applicant-mailbox-<hash of the email>`): which registration
 * holds the address until it expires, and the mails the registration flow sent to it, so an
 * address gets few mails however often strangers type it.
 */
export const applicantRegistrationOpened = defineEvent(
  'ApplicantRegistrationOpened',
  z.object({ email: z.string(), registrationId: z.string(), expiresAt: z.string() }),
);
export const applicantMailSent = defineEvent(
  'ApplicantMailSent',
  z.object({
    email: z.string(),
    /** `account-exists`: the address already has an account; its owner was told, nothing was registered. */
    kind: z.enum(['verification', 'account-exists']),
    registrationId: z.string().nullable(),
    at: z.string(),
  }),
);
/** A code typed for an address with an account, counted as a pending registration counts its wrong codes. */
export const applicantVerificationFailed = defineEvent(
  'ApplicantVerificationFailed',
  z.object({ email: z.string(), failedAttempts: z.number().int(), at: z.string(), source: z.string().optional() }),
);

export const hospitalRegistered = defineEvent(
  'HospitalRegistered',
  hospitalData.extend({
    hospitalId: z.string(),
    hospitalCode: z.string(),
    plan: z.literal('clinic'),
    status: z.literal('active'),
    setupStatus: z.literal('incomplete'),
    registrationId: z.string(),
    adminUserId: z.string(),
  }),
);
/** No route changes a hospital's status yet; operators (and tests) use `changeHospitalStatus`. */
export const hospitalStatusChanged = defineEvent(
  'HospitalStatusChanged',
  z.object({ hospitalId: z.string(), status: z.enum(['active', 'inactive']), reason: z.string() }),
);

const settingsData = hospitalData.extend({
  address: z.string().nullable(),
  phone: z.string().nullable(),
  timeZone: z.string(),
  idleTimeoutMinutes: z.number().int(),
  defaultConsultationFee: z.number(),
  // Added with the appointment book (issue 24): older events have none (the defaults apply).
  opensAt: z.string().optional(),
  closesAt: z.string().optional(),
});
/** The settings after the change, and the changed fields' values before it (the trail shows both). */
export const hospitalSettingsChanged = defineEvent(
  'HospitalSettingsChanged',
  z.object({ hospitalId: z.string(), settings: settingsData, previous: settingsData.partial() }),
);
/** A new logo (a small image as a data URL), or null when it was removed. */
export const hospitalLogoChanged = defineEvent(
  'HospitalLogoChanged',
  z.object({ hospitalId: z.string(), logo: z.string().nullable(), bytes: z.number().int() }),
);

export const hospitalsContracts = [
  hospitalRegistrationSubmitted,
  verificationCodeIssued,
  verificationFailed,
  verificationCodeVoided,
  emailVerified,
  applicantRegistrationOpened,
  applicantMailSent,
  applicantVerificationFailed,
  hospitalRegistered,
  hospitalStatusChanged,
  hospitalSettingsChanged,
  hospitalLogoChanged,
] as const;

/** The module's events by type name: `HospitalsEvents['HospitalRegistrationSubmitted']`. */
export type HospitalsEvents = EventMap<typeof hospitalsContracts>;
export type HospitalRegistrationSubmitted = HospitalsEvents['HospitalRegistrationSubmitted'];
export type EmailVerified = HospitalsEvents['EmailVerified'];
export type ApplicantMailSent = HospitalsEvents['ApplicantMailSent'];
export type HospitalRegistered = HospitalsEvents['HospitalRegistered'];
export type HospitalStatusChanged = HospitalsEvents['HospitalStatusChanged'];
export type HospitalSettingsChanged = HospitalsEvents['HospitalSettingsChanged'];
export type ApplicantMailboxEvent = HospitalsEvents[
  'ApplicantRegistrationOpened' | 'ApplicantMailSent' | 'ApplicantVerificationFailed'];
export type RegistrationEvent = HospitalsEvents[
  | 'HospitalRegistrationSubmitted'
  | 'VerificationCodeIssued'
  | 'VerificationFailed'
  | 'VerificationCodeVoided'
  | 'EmailVerified'];
export type HospitalEvent = HospitalsEvents[
  'HospitalRegistered' | 'HospitalStatusChanged' | 'HospitalSettingsChanged' | 'HospitalLogoChanged'];

export type HospitalStatus = HospitalStatusChanged['data']['status'];
