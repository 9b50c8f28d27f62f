import { randomUUID } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import { metadataFor } from '../../../platform/event-store/metadata';
import type { EventMetadata } from '../../../platform/event-store/port';
import { BadRequest } from '../../../platform/http/errors';
import type { Platform } from '../../../platform/platform';
import { equalisePasswordWork, passwordPolicyError, stageAdminCredentials } from '../../identity';
import {
  applicantMailboxDecider,
  applicantMailboxStream,
  MailThrottled,
  RegistrationPending,
} from '../applicant-mailbox';
import { currentRegistrationFor } from '../read-models/registrations';
import { registrationDecider } from '../registration-decider';
import { registrationStream, type Submission } from '../registration';
import {
  adminErrors,
  hospitalErrors,
  normaliseEmail,
  normaliseIdentifier,
  type AdminInput,
  type HospitalInput,
} from '../registration-rules';
import { generateHospitalCode, generateVerificationCode, hashVerificationCode } from '../verification-code';
import { adminEmailTaken, assertHospitalAvailable } from './hospital-claims';
import { MAIL_FAILED, notifyAccountExists, reissueCode, sendCode, withApplicantLock } from './registration-mail';

export { MAIL_FAILED };
const VALIDATION = 'Please check your input and try again';

function onboardingMetadata(s: Submission, request: FastifyRequest, now: Date): EventMetadata {
  return {
    ...metadataFor({
      hospitalId: s.hospitalId,
      actor: { userId: s.adminUserId, role: 'admin', name: s.admin.fullName },
      correlationId: request.id,
      now,
    }),
    requestId: request.id,
    ip: request.ip,
  };
}

function submissionOf(h: HospitalInput, a: AdminInput): Submission {
  return {
    registrationId: randomUUID(),
    hospitalId: randomUUID(),
    adminUserId: randomUUID(),
    hospitalCode: generateHospitalCode(),
    hospitalData: {
      name: h.name!.trim(),
      registrationNumber: normaliseIdentifier(h.registrationNumber),
      licenseNumber: normaliseIdentifier(h.licenseNumber),
      hospitalNumber: normaliseIdentifier(h.hospitalNumber),
      email: normaliseEmail(h.email),
    },
    admin: { fullName: a.fullName!.trim(), jobTitle: a.jobTitle!.trim(), email: normaliseEmail(a.email) },
  };
}

/**
 * Registers a hospital pending verification, with the admin's chosen password staged in identity.
 * The answer is the same whatever the address (200, "code sent"), so it tells a stranger nothing:
 *
 * - an address that already has an account gets a mail telling its owner, and nothing is stored;
 * - an address with a pending registration keeps it (its password and data stay bound to the
 *   first request until it is verified or expires); that registration's code is resent instead;
 * - otherwise the registration is opened and its code mailed.
 *
 * Every mail counts against the address's limit (applicant-mailbox.ts); over it, nothing is sent.
 * A mail goes out before its events commit: if the mail server refuses, the answer is 503 and
 * nothing is appended. So that no mail goes out for work that then fails to commit (a code for a
 * registration that lost a race, in the owner's mailbox beside the winner's), the work that mails an
 * address runs one request at a time per address (`withApplicantLock`).
 */
export async function submitRegistration(
  platform: Platform,
  clock: () => Date,
  body: { hospitalData?: HospitalInput; adminData?: AdminInput },
  request: FastifyRequest,
): Promise<{ email: string }> {
  const h = body.hospitalData ?? {};
  const a = body.adminData ?? {};
  const now = clock();
  const personal = [a.email, a.fullName, a.jobTitle, h.name, h.email];
  const policy = (password: string) => passwordPolicyError(password, personal);
  const errors = [...hospitalErrors(h, now), ...adminErrors(a, policy)];
  if (errors.length > 0) throw new BadRequest(VALIDATION, errors);

  const submission = submissionOf(h, a);
  const email = submission.admin.email;
  await assertHospitalAvailable(platform, submission);
  if (await adminEmailTaken(platform, submission)) {
    await equalisePasswordWork(a.password!);
    await notifyAccountExists(platform, email, request, now, 'quiet');
    return { email };
  }
  try {
    await withApplicantLock(platform, email, () =>
      openRegistration(platform, submission, a.password!, onboardingMetadata(submission, request, now)),
    );
  } catch (e) {
    if (e instanceof MailThrottled) return { email };
    if (!(e instanceof RegistrationPending)) throw e;
    await equalisePasswordWork(a.password!);
    const pending = await currentRegistrationFor(platform.db, email);
    if (pending?.registration_id === e.registrationId && pending.status === 'pending') {
      const { registration_id: registrationId, hospital_id: hospitalId } = pending;
      await reissueCode(platform, { email, registrationId, hospitalId }, request, now, 'quiet');
    }
  }
  return { email };
}

async function openRegistration(platform: Platform, s: Submission, password: string, metadata: EventMetadata) {
  const { registrationId } = s;
  const email = s.admin.email;
  const now = metadata.occurredAt;
  const code = generateVerificationCode();
  const codeHash = hashVerificationCode(platform.config.jwtSecret, registrationId, code);
  await platform.transact(
    metadata,
    async (uow) => {
      // Throws RegistrationPending or MailThrottled: the work ends, nothing is appended.
      const mailbox = await uow.load(applicantMailboxDecider, applicantMailboxStream(email));
      uow.decide(mailbox, { type: 'OpenRegistration', email, registrationId, now });
      uow.decide(mailbox, { type: 'RecordMail', email, kind: 'verification', registrationId, now });
      const registration = await uow.load(registrationDecider, registrationStream(registrationId), { isNew: true });
      uow.decide(registration, { type: 'SubmitRegistration', submission: s, codeHash, now });
      await stageAdminCredentials(uow, { userId: s.adminUserId, email, registrationId, password });
      // Last, so only a decided registration sends mail. A concurrent registration for the same
      // address that commits first makes this commit fail; the retry then finds it pending.
      await sendCode(platform, s, code, false);
    },
    { retries: 3 },
  );
}

export { onboardingMetadata };
