import { randomUUID } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import { metadataFor } from '../../../platform/event-store/metadata';
import type { EventMetadata } from '../../../platform/event-store/port';
import { BadRequest } from '../../../platform/http/errors';
import type { Platform } from '../../../platform/platform';
import { equalisePasswordWork, passwordPolicyError, stageAdminCredentials } from '../../identity';
import { applicantMailboxDecider, applicantMailboxStream, MailThrottled } from '../applicant-mailbox';
import { standInRegistrationId } from '../registration-cookie';
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
import { MAIL_FAILED, notifyAccountExists, sendCode, withApplicantLock } from './registration-mail';

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
 * The answer is the same whatever the address (200, "code sent", and a registration id the route
 * binds the browser to), so it tells a stranger nothing:
 *
 * - an address that already has an account gets a mail telling its owner, and nothing is stored;
 * - otherwise this submission is opened as a registration of its own, with its own code, mailed
 *   and naming the hospital; other pending registrations of the address are left as they are, and
 *   whichever is verified first voids the rest (issue 33).
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
): Promise<{ email: string; registrationId: string }> {
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
    const standIn = standInRegistrationId();
    await equalisePasswordWork(a.password!);
    await notifyAccountExists(platform, email, request, now, 'quiet', standIn);
    return { email, registrationId: standIn };
  }
  try {
    await withApplicantLock(platform, email, () =>
      openRegistration(platform, submission, a.password!, onboardingMetadata(submission, request, now)),
    );
  } catch (e) {
    if (e instanceof MailThrottled) return { email, registrationId: standInRegistrationId() };
    throw e;
  }
  return { email, registrationId: submission.registrationId };
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
      // Throws MailThrottled over the hourly limit: the work ends, nothing is appended.
      const mailbox = await uow.load(applicantMailboxDecider, applicantMailboxStream(email));
      uow.decide(mailbox, { type: 'OpenRegistration', email, registrationId, now });
      uow.decide(mailbox, { type: 'RecordMail', email, kind: 'verification', registrationId, now, interval: false });
      const registration = await uow.load(registrationDecider, registrationStream(registrationId), { isNew: true });
      uow.decide(registration, { type: 'SubmitRegistration', submission: s, codeHash, now });
      await stageAdminCredentials(uow, { userId: s.adminUserId, email, registrationId, password });
      // Last, so only a decided registration sends mail. A concurrent registration for the same
      // address that commits first makes this commit fail; the retry decides again on its mails.
      await sendCode(platform, s, code, false);
    },
    { retries: 3 },
  );
}

export { onboardingMetadata };
