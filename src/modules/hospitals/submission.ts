import { randomUUID } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import { loadAggregate } from '../../platform/event-store/command-handler';
import { metadataFor } from '../../platform/event-store/metadata';
import { BadRequest, ServiceUnavailable } from '../../platform/http/errors';
import type { Platform } from '../../platform/platform';
import { commonPasswordError, hashPassword } from '../identity';
import { verificationEmail } from './mail-templates';
import { REGISTRATIONS_PROJECTION, currentRegistrationFor } from './read-models/registrations';
import {
  AlreadyVerified,
  CODE_TTL_MS,
  registrationDecider,
  type ResendCode,
  type SubmitRegistration,
} from './registration-decider';
import { registrationStream, type Submission } from './registration';
import {
  adminErrors,
  hospitalErrors,
  INVALID_EMAIL,
  isEmail,
  normaliseEmail,
  normaliseIdentifier,
  type AdminInput,
  type HospitalInput,
} from './registration-rules';
import { assertAvailable } from './uniqueness';
import { generateHospitalCode, generateVerificationCode, hashVerificationCode } from './verification-code';

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

/**
 * Registers a hospital pending verification. The email goes out BEFORE anything is appended:
 * if the mail server refuses it, the answer is 503 and no event exists for this registration.
 */
export async function submitRegistration(
  platform: Platform,
  clock: () => Date,
  body: { hospitalData?: HospitalInput; adminData?: AdminInput },
  request: FastifyRequest,
): Promise<{ email: string }> {
  const h = body.hospitalData ?? {};
  const a = body.adminData ?? {};
  const errors = [...hospitalErrors(h), ...adminErrors(a, commonPasswordError)];
  if (errors.length > 0) throw new BadRequest(VALIDATION, errors);

  const hospitalId = randomUUID();
  const adminUserId = randomUUID();
  const registrationId = randomUUID();
  const submission: Submission = {
    registrationId,
    hospitalId,
    adminUserId,
    hospitalCode: generateHospitalCode(),
    hospitalData: {
      name: h.name!.trim(),
      registrationNumber: normaliseIdentifier(h.registrationNumber),
      licenseNumber: normaliseIdentifier(h.licenseNumber),
      hospitalNumber: normaliseIdentifier(h.hospitalNumber),
      email: normaliseEmail(h.email),
    },
    admin: {
      fullName: a.fullName!.trim(),
      jobTitle: a.jobTitle!.trim(),
      email: normaliseEmail(a.email),
      passwordHash: await hashPassword(a.password!),
    },
  };
  await assertAvailable(platform, submission);

  const code = generateVerificationCode();
  const metadata = metadataFor({
    hospitalId,
    actor: { userId: adminUserId, role: 'admin', name: submission.admin.fullName },
    correlationId: request.id,
    now: clock(),
  });
  const command: SubmitRegistration = {
    type: 'SubmitRegistration',
    submission,
    codeHash: hashVerificationCode(platform.config.jwtSecret, registrationId, code),
    now: metadata.occurredAt,
  };
  await sendCode(platform, submission, code, false);
  await platform.execute(registrationDecider, registrationStream(registrationId), command, metadata, {
    readModels: [REGISTRATIONS_PROJECTION],
  });
  return { email: submission.admin.email };
}

/**
 * Issues a new code and voids the old one, at most once a minute. An email with no pending
 * registration gets the same answer as one with, and no mail: the answer tells a stranger nothing.
 */
export async function resendCode(
  platform: Platform,
  clock: () => Date,
  rawEmail: string | undefined,
  request: FastifyRequest,
) {
  const email = normaliseEmail(rawEmail);
  if (!isEmail(email)) throw new BadRequest(VALIDATION, [{ field: 'email', message: INVALID_EMAIL }]);
  const registration = await currentRegistrationFor(platform.db, email);
  if (!registration || registration.status !== 'pending') return;

  const stream = registrationStream(registration.registration_id);
  const { state } = await loadAggregate(
    platform.store,
    stream,
    registrationDecider.evolve,
    registrationDecider.initialState,
  );
  if (state.status !== 'pending') return;
  const code = generateVerificationCode();
  const metadata = metadataFor({
    hospitalId: state.submission.hospitalId,
    actor: { userId: state.submission.adminUserId, role: 'admin', name: state.submission.admin.fullName },
    correlationId: request.id,
    now: clock(),
  });
  const command: ResendCode = {
    type: 'ResendCode',
    codeHash: hashVerificationCode(platform.config.jwtSecret, registration.registration_id, code),
    now: metadata.occurredAt,
  };
  try {
    // Decided first, so a throttled request sends no mail.
    registrationDecider.decide(command, state);
  } catch (e) {
    if (e instanceof AlreadyVerified) return;
    throw e;
  }
  await sendCode(platform, state.submission, code, true);
  // Decided again on append: if another resend got in between, this one is refused as too soon
  // (its mailed code never becomes valid) instead of voiding the code the other just sent.
  await platform.execute(registrationDecider, stream, command, metadata);
}
