import type { FastifyRequest } from 'fastify';
import { loadAggregate } from '../../../platform/event-store/command-handler';
import { AppError, BadRequest } from '../../../platform/http/errors';
import type { Platform } from '../../../platform/platform';
import { accountExists, startSession, verificationSessionStarted } from '../../identity';
import { otherPendingRegistrations } from '../read-models/registrations';
import { boundRegistration } from '../registration-cookie';
import { ONBOARDING } from '../reactors/onboarding';
import { applicantMailboxDecider, applicantMailboxStream, CodeRefused } from '../applicant-mailbox';
import {
  InvalidVerificationCode,
  registrationDecider,
  TooManyVerificationAttempts,
  VerificationCodeAlreadyUsed,
  VerificationCodeExpired,
} from '../registration-decider';
import { registrationStream, type Submission } from '../registration';
import { INVALID_EMAIL, isEmail, normaliseEmail, verificationCodeError } from '../registration-rules';
import { hashVerificationCode } from '../verification-code';
import { freeHospitalCode, reserveHospital } from './hospital-claims';
import { anonymousMetadata } from './registration-mail';
import { onboardingMetadata } from './submit-registration';

export type Onboarded = {
  token: string;
  admin: { id: string; name: string; email: string; jobTitle: string };
  hospital: { id: string; hospitalId: string; name: string; status: string; setupStatus: string };
};

/** 202: verified, but the hospital is still being set up (the onboarding reactor is behind). */
export class StillSettingUp extends AppError {
  constructor() {
    super(202, 'Your email is verified and your hospital is being set up. Please sign in in a moment.');
  }
}

/** How long verification waits for the onboarding reactor to create the hospital and the admin. */
const SETUP_WAIT_MS = 10_000;

/**
 * Checks the code of the registration this browser was bound to when it registered
 * (registration-cookie.ts); a browser bound to none, or to a registration of another address, is
 * answered as a wrong code and counts nothing, so nobody else can try (or burn) a registration's
 * code. A wrong one is recorded as a failed attempt from the caller's address (400; five from one
 * address, or ten from all, burn the code). The right one commits EmailVerified together with the
 * reservations of the hospital's unique values and the admin's email (so of two registrations of
 * one address only one is ever verified), and voids the other pending registrations of the
 * address. A duplicate hospital leaves the registration pending with a 409 and nothing held. The
 * hospital and its admin account are then created by the onboarding reactor; this request waits
 * for it and opens the admin's first session.
 */
export async function verifyEmail(
  platform: Platform,
  clock: () => Date,
  body: { email?: string; token?: string },
  request: FastifyRequest,
): Promise<Onboarded> {
  const email = normaliseEmail(body.email);
  const codeError = verificationCodeError(body.token);
  const errors = [
    ...(isEmail(email) ? [] : [{ field: 'email', message: INVALID_EMAIL }]),
    ...(codeError ? [{ field: 'token', message: codeError }] : []),
  ];
  if (errors.length > 0) throw new BadRequest(errors[errors.length - 1]!.message, errors);

  const bound = boundRegistration(request);
  if (!bound) throw new InvalidVerificationCode();
  const stream = registrationStream(bound);
  const { state } = await loadAggregate(
    platform.store,
    stream,
    registrationDecider.evolve,
    registrationDecider.initialState,
  );
  if (state.status === 'none') return refuseAsPending(platform, email, bound, request, clock());
  const s = state.submission;
  if (s.admin.email !== email) throw new InvalidVerificationCode();
  const metadata = onboardingMetadata(s, request, clock());
  const codeHash = hashVerificationCode(platform.config.jwtSecret, s.registrationId, body.token!.trim());
  const hospitalCode = state.status === 'verified' ? state.hospitalCode : await freeHospitalCode(platform, s);

  let outcome: 'verified' | 'wrong';
  let position = null;
  try {
    const result = await platform.transact(
      metadata,
      async (uow) => {
        const aggregate = await uow.load(registrationDecider, stream);
        const [event] = uow.decide(aggregate, {
          type: 'VerifyEmail',
          codeHash,
          hospitalCode,
          source: request.ip,
          now: metadata.occurredAt,
        });
        if (event?.type !== 'EmailVerified') return 'wrong' as const;
        await reserveHospital(uow, s, hospitalCode);
        for (const other of await otherPendingRegistrations(platform.db, email, s.registrationId)) {
          const rival = await uow.load(registrationDecider, registrationStream(other));
          uow.decide(rival, { type: 'VoidCode', now: metadata.occurredAt });
        }
        return 'verified' as const;
      },
      { retries: 20 },
    );
    outcome = result.value;
    position = result.position;
  } catch (e) {
    // A wrong code for an address whose registration was verified long ago: it has an account.
    if (e instanceof InvalidVerificationCode && state.status === 'verified') throw e;
    // The right code of a verification that committed but never reached its first session (a
    // crash, a lost connection): finish it instead of refusing. Once that session exists, the
    // code is used up as the spec says.
    if (!(e instanceof VerificationCodeAlreadyUsed) || (await verificationSessionStarted(platform.db, s.adminUserId)))
      throw e;
    outcome = 'verified';
  }
  if (outcome === 'wrong') throw new InvalidVerificationCode();

  await waitForSetup(platform, s, position);
  return openFirstSession(platform, s, hospitalCode, metadata);
}

/**
 * A browser bound to no stored registration: when its registration was for an address with an
 * account, it is refused as a pending registration would refuse it, so guessing codes cannot tell
 * an address with an account from a new one: the notice its owner was mailed counts as the code
 * (applicant-mailbox.ts, `decoy`, bound to the same id) and the wrong tries are counted against it.
 */
async function refuseAsPending(
  platform: Platform,
  email: string,
  decoyId: string,
  request: FastifyRequest,
  now: Date,
): Promise<never> {
  try {
    await platform.transact(
      anonymousMetadata(request, now),
      async (uow) => {
        const mailbox = await uow.load(applicantMailboxDecider, applicantMailboxStream(email));
        uow.decide(mailbox, { type: 'FailVerification', email, decoyId, source: request.ip, now: now.toISOString() });
      },
      { retries: 3 },
    );
  } catch (e) {
    if (!(e instanceof CodeRefused)) throw e;
    if (e.reason === 'too-many') throw new TooManyVerificationAttempts();
    if (e.reason === 'expired') throw new VerificationCodeExpired();
  }
  throw new InvalidVerificationCode();
}

/** Until the onboarding reactor has made the admin's account (after a resumed verification it may be catching up). */
async function waitForSetup(platform: Platform, s: Submission, position: Parameters<Platform['waitFor']>[0]) {
  const deadline = Date.now() + SETUP_WAIT_MS;
  await platform.waitFor(position, [ONBOARDING], SETUP_WAIT_MS);
  while (!(await accountExists(platform.db, s.adminUserId))) {
    if (Date.now() > deadline) throw new StillSettingUp();
    await new Promise((r) => setTimeout(r, 50));
  }
}

async function openFirstSession(
  platform: Platform,
  s: Submission,
  hospitalCode: string,
  metadata: Parameters<typeof startSession>[2],
): Promise<Onboarded> {
  const { fullName, jobTitle, email } = s.admin;
  const session = await startSession(
    platform,
    { userId: s.adminUserId, hospitalId: s.hospitalId, role: 'admin', name: fullName, via: 'verification' },
    metadata,
  );
  return {
    token: session.token,
    admin: { id: s.adminUserId, name: fullName, email, jobTitle },
    hospital: {
      id: s.hospitalId,
      hospitalId: hospitalCode,
      name: s.hospitalData.name,
      status: 'active',
      setupStatus: 'incomplete',
    },
  };
}
