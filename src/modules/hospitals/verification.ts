import type { FastifyRequest } from 'fastify';
import { loadAggregate } from '../../platform/event-store/command-handler';
import { metadataFor } from '../../platform/event-store/metadata';
import type { EventMetadata } from '../../platform/event-store/port';
import { BadRequest } from '../../platform/http/errors';
import type { Platform } from '../../platform/platform';
import { adminAccountExists, createAdminAccount, startSession } from '../identity';
import { hospitalDecider, hospitalStream } from './hospital';
import { DIRECTORY_PROJECTION } from './read-models/directory';
import { REGISTRATIONS_PROJECTION, currentRegistrationFor } from './read-models/registrations';
import {
  InvalidVerificationCode,
  registrationDecider,
  VerificationCodeAlreadyUsed,
  type VerifyEmail,
} from './registration-decider';
import { registrationStream, type Submission } from './registration';
import { INVALID_EMAIL, isEmail, normaliseEmail, verificationCodeError } from './registration-rules';
import { releaseUnlessVerified, reserveFor } from './uniqueness';
import { hashVerificationCode } from './verification-code';

export type Onboarded = {
  token: string;
  admin: { id: string; name: string; email: string; jobTitle: string };
  hospital: { id: string; hospitalId: string; name: string; status: string; setupStatus: string };
};

/**
 * The steps after EmailVerified: the hospital, the admin account, the first session. Each step
 * is idempotent for the registration, so a verification interrupted half-way (a crash, a lost
 * connection) is finished by the next attempt with the same code.
 */
async function completeOnboarding(
  platform: Platform,
  s: Submission,
  hospitalCode: string,
  metadata: EventMetadata,
): Promise<Onboarded> {
  const h = s.hospitalData;
  const hospital = {
    hospitalId: s.hospitalId,
    hospitalCode,
    ...h,
    plan: 'clinic' as const,
    status: 'active' as const,
    setupStatus: 'incomplete' as const,
    registrationId: s.registrationId,
    adminUserId: s.adminUserId,
  };
  await platform.execute(
    hospitalDecider,
    hospitalStream(s.hospitalId),
    { type: 'RegisterHospital', hospital },
    metadata,
  );
  const { fullName, jobTitle, email, passwordHash } = s.admin;
  await createAdminAccount(
    platform,
    {
      userId: s.adminUserId,
      hospitalId: s.hospitalId,
      fullName,
      jobTitle,
      email,
      passwordHash,
      registrationId: s.registrationId,
    },
    metadata,
  );
  const session = await startSession(
    platform,
    { userId: s.adminUserId, hospitalId: s.hospitalId, role: 'admin', name: fullName, via: 'verification' },
    metadata,
    [REGISTRATIONS_PROJECTION, DIRECTORY_PROJECTION],
  );
  return {
    token: session.token,
    admin: { id: s.adminUserId, name: fullName, email, jobTitle },
    hospital: {
      id: s.hospitalId,
      hospitalId: hospitalCode,
      name: h.name,
      status: hospital.status,
      setupStatus: hospital.setupStatus,
    },
  };
}

/**
 * Checks the code; a right one verifies the email and creates the hospital, its admin and a
 * session. EmailVerified is the commit point, appended only after the hospital's unique values
 * are reserved, so a hospital that turns out to be a duplicate leaves its registration pending.
 */
export async function verifyEmail(
  platform: Platform,
  clock: () => Date,
  body: { email?: string; token?: string },
  request: FastifyRequest,
): Promise<Onboarded> {
  const email = normaliseEmail(body.email);
  const errors = [
    ...(isEmail(email) ? [] : [{ field: 'email', message: INVALID_EMAIL }]),
    ...(verificationCodeError(body.token) ? [{ field: 'token', message: verificationCodeError(body.token)! }] : []),
  ];
  if (errors.length > 0) throw new BadRequest(errors[errors.length - 1]!.message, errors);

  const registration = await currentRegistrationFor(platform.db, email);
  if (!registration) throw new InvalidVerificationCode();
  const stream = registrationStream(registration.registration_id);
  const { state } = await loadAggregate(
    platform.store,
    stream,
    registrationDecider.evolve,
    registrationDecider.initialState,
  );
  if (state.status === 'none') throw new InvalidVerificationCode();

  const s = state.submission;
  const metadata = metadataFor({
    hospitalId: s.hospitalId,
    actor: { userId: s.adminUserId, role: 'admin', name: s.admin.fullName },
    correlationId: request.id,
    now: clock(),
  });
  const codeHash = hashVerificationCode(platform.config.jwtSecret, s.registrationId, body.token!.trim());
  const command = (hospitalCode: string): VerifyEmail => ({
    type: 'VerifyEmail',
    codeHash,
    hospitalCode,
    now: metadata.occurredAt,
  });

  let preview;
  try {
    preview = registrationDecider.decide(command(s.hospitalCode), state);
  } catch (e) {
    // The right code of a verification that stopped half-way: finish it instead of refusing.
    if (
      e instanceof VerificationCodeAlreadyUsed &&
      state.status === 'verified' &&
      !(await adminAccountExists(platform, s.adminUserId))
    ) {
      return completeOnboarding(platform, s, state.hospitalCode, metadata);
    }
    throw e;
  }
  if (preview[0]?.type !== 'EmailVerified') {
    await platform.execute(registrationDecider, stream, command(s.hospitalCode), metadata, { retries: 20 });
    throw new InvalidVerificationCode();
  }

  const hospitalCode = await reserveFor(platform, s, metadata);
  let verified = false;
  try {
    const result = await platform.execute(registrationDecider, stream, command(hospitalCode), metadata, {
      retries: 20,
    });
    verified = result.events[0]?.type === 'EmailVerified';
  } catch (e) {
    if (!(e instanceof VerificationCodeAlreadyUsed)) await releaseUnlessVerified(platform, s, hospitalCode, metadata);
    throw e;
  }
  if (!verified) {
    // The code was replaced between the check and the append (a resend): counted as a wrong one.
    await releaseUnlessVerified(platform, s, hospitalCode, metadata);
    throw new InvalidVerificationCode();
  }
  return completeOnboarding(platform, s, hospitalCode, metadata);
}
