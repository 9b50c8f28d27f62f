import { randomUUID } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import { metadataFor } from '../../../platform/event-store/metadata';
import type { EventMetadata } from '../../../platform/event-store/port';
import { BadRequest, ServiceUnavailable } from '../../../platform/http/errors';
import type { Platform } from '../../../platform/platform';
import { commonPasswordError, stageAdminCredentials } from '../../identity';
import { verificationEmail } from '../mail-templates';
import { currentRegistrationFor } from '../read-models/registrations';
import { AlreadyVerified, CODE_TTL_MS, registrationDecider } from '../registration-decider';
import { registrationStream, type Submission } from '../registration';
import {
  adminErrors,
  hospitalErrors,
  INVALID_EMAIL,
  isEmail,
  normaliseEmail,
  normaliseIdentifier,
  type AdminInput,
  type HospitalInput,
} from '../registration-rules';
import { generateHospitalCode, generateVerificationCode, hashVerificationCode } from '../verification-code';
import { assertAvailable } from './hospital-claims';

export const MAIL_FAILED = 'Unable to send verification email. Please try again later';
const VALIDATION = 'Please check your input and try again';

async function sendCode(platform: Platform, s: Submission, code: string, resent: boolean) {
  const message = verificationEmail({
    to: s.admin.email,
    adminName: s.admin.fullName,
    hospitalName: s.hospitalData.name,
    code,
    validMinutes: CODE_TTL_MS / 60_000,
    resent,
  });
  try {
    await platform.mailer.send(message);
  } catch (err) {
    platform.log.error({ err, to: s.admin.email }, 'verification email could not be sent');
    throw new ServiceUnavailable(MAIL_FAILED);
  }
}

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

/**
 * Registers a hospital pending verification, with the admin's chosen password staged in identity
 * in the same commit. The email goes out BEFORE anything is appended: if the mail server refuses
 * it, the answer is 503 and no event exists for this registration.
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
  const errors = [...hospitalErrors(h, now), ...adminErrors(a, commonPasswordError)];
  if (errors.length > 0) throw new BadRequest(VALIDATION, errors);

  const registrationId = randomUUID();
  const submission: Submission = {
    registrationId,
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
  await assertAvailable(platform, submission);

  const code = generateVerificationCode();
  const metadata = onboardingMetadata(submission, request, now);
  const codeHash = hashVerificationCode(platform.config.jwtSecret, registrationId, code);
  await sendCode(platform, submission, code, false);
  await platform.transact(metadata, async (uow) => {
    const registration = await uow.load(registrationDecider, registrationStream(registrationId), { isNew: true });
    uow.decide(registration, { type: 'SubmitRegistration', submission, codeHash, now: metadata.occurredAt });
    await stageAdminCredentials(uow, {
      userId: submission.adminUserId,
      email: submission.admin.email,
      registrationId,
      password: a.password!,
    });
  });
  return { email: submission.admin.email };
}

/**
 * Issues a new code and voids the old one, at most once a minute. An email with no pending
 * registration gets the same answer as one with, and no mail: the answer tells a stranger nothing.
 * The mail is sent inside the unit of work, after the decision and before the commit: a refused
 * resend sends nothing, and a mail failure leaves the old code working.
 */
export async function resendCode(
  platform: Platform,
  clock: () => Date,
  rawEmail: string | undefined,
  request: FastifyRequest,
): Promise<void> {
  const email = normaliseEmail(rawEmail);
  if (!isEmail(email)) throw new BadRequest(VALIDATION, [{ field: 'email', message: INVALID_EMAIL }]);
  const registration = await currentRegistrationFor(platform.db, email);
  if (!registration || registration.status !== 'pending') return;
  const stream = registrationStream(registration.registration_id);
  const now = clock();
  const metadata = {
    ...metadataFor({ hospitalId: registration.hospital_id, now }),
    requestId: request.id,
    ip: request.ip,
  };
  await platform.transact(
    metadata,
    async (uow) => {
      const aggregate = await uow.load(registrationDecider, stream);
      const { state } = aggregate;
      if (state.status !== 'pending') return;
      const code = generateVerificationCode();
      const codeHash = hashVerificationCode(platform.config.jwtSecret, registration.registration_id, code);
      try {
        uow.decide(aggregate, { type: 'ResendCode', codeHash, now: metadata.occurredAt });
      } catch (e) {
        if (e instanceof AlreadyVerified) return;
        throw e;
      }
      await sendCode(platform, state.submission, code, true);
    },
    // A concurrent resend that got in first makes this one "too soon" on the retry, not a second code.
    { retries: 1 },
  );
}

export { onboardingMetadata };
