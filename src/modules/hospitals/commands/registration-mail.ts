import type { FastifyRequest } from 'fastify';
import type { EventMetadata } from '../../../platform/event-store/port';
import { withAdvisoryLock } from '../../../platform/db/advisory-lock';
import { metadataFor } from '../../../platform/event-store/metadata';
import { BadRequest, ServiceUnavailable } from '../../../platform/http/errors';
import type { MailMessage } from '../../../platform/mail/mailer';
import type { Platform } from '../../../platform/platform';
import {
  applicantMailboxDecider,
  applicantMailboxStream,
  CODE_TTL_MS,
  decoyOpen,
  MailThrottled,
  mailWaitSeconds,
} from '../applicant-mailbox';
import { accountExistsEmail, verificationEmail } from '../mail-templates';
import { boundRegistration } from '../registration-cookie';
import { AlreadyVerified, RegistrationExpired, registrationDecider, ResendTooSoon } from '../registration-decider';
import { registrationStream, type Submission } from '../registration';
import { INVALID_EMAIL, isEmail, normaliseEmail } from '../registration-rules';
import { generateVerificationCode, hashVerificationCode } from '../verification-code';
import { loadAggregate } from '../../../platform/event-store/command-handler';

/**
 * Mail to an applicant's address is decided and sent one request at a time per address, across
 * instances: two registrations for one new address at the same instant would otherwise both mail a
 * code before one of them failed to commit, and the owner could then verify the other person's
 * registration (their password, their hospital) with a code that reached the owner's mailbox.
 */
export function withApplicantLock<T>(platform: Platform, email: string, work: () => Promise<T>): Promise<T> {
  return withAdvisoryLock(platform.lockPool, `hms:applicant-mail:${email}`, work);
}

export const MAIL_FAILED = 'Unable to send verification email. Please try again later';
const VALIDATION = 'Please check your input and try again';

export async function sendOrFail(platform: Platform, message: MailMessage): Promise<void> {
  try {
    await platform.mailer.send(message);
  } catch (err) {
    platform.log.error({ err, to: message.to }, 'registration email could not be sent');
    throw new ServiceUnavailable(MAIL_FAILED);
  }
}

export async function sendCode(platform: Platform, s: Submission, code: string, resent: boolean): Promise<void> {
  const message = verificationEmail({
    to: s.admin.email,
    adminName: s.admin.fullName,
    hospitalName: s.hospitalData.name,
    numbers: s.hospitalData,
    code,
    validMinutes: CODE_TTL_MS / 60_000,
    resent,
  });
  await sendOrFail(platform, message);
}

/**
 * Issues a new code for a pending registration and voids the old one, if the address may have
 * another mail. `loud` (the resend button): a mail too soon answers 429 with the wait. `quiet`
 * (a second registration for the address): it answers like any registration and sends nothing.
 * The mail is sent inside the unit of work, after the decisions and before the commit: a refused
 * resend sends nothing, and a mail failure leaves the old code working.
 */
export async function reissueCode(
  platform: Platform,
  pending: { email: string; registrationId: string; hospitalId: string },
  request: FastifyRequest,
  now: Date,
  mode: 'loud' | 'quiet',
): Promise<void> {
  const { email, registrationId } = pending;
  const metadata = {
    ...metadataFor({ hospitalId: pending.hospitalId, now }),
    requestId: request.id,
    ip: request.ip,
  };
  try {
    await withApplicantLock(platform, email, () =>
      platform.transact(
        metadata,
        async (uow) => {
          const aggregate = await uow.load(registrationDecider, registrationStream(registrationId));
          const { state } = aggregate;
          if (state.status !== 'pending') return;
          const at = metadata.occurredAt;
          const mailbox = await uow.load(applicantMailboxDecider, applicantMailboxStream(email));
          uow.decide(mailbox, { type: 'RecordMail', email, kind: 'verification', registrationId, now: at });
          const code = generateVerificationCode();
          const codeHash = hashVerificationCode(platform.config.jwtSecret, registrationId, code);
          uow.decide(aggregate, { type: 'ResendCode', codeHash, now: at });
          await sendCode(platform, state.submission, code, true);
        },
        // A concurrent resend that got in first makes this one "too soon" on the retry, not a second code.
        { retries: 1 },
      ),
    );
  } catch (e) {
    // Each ends the work before the commit: nothing is appended.
    if (e instanceof AlreadyVerified || e instanceof RegistrationExpired) return;
    if (e instanceof MailThrottled) {
      if (mode === 'quiet') return;
      throw new ResendTooSoon(e.seconds);
    }
    if (e instanceof ResendTooSoon && mode === 'quiet') return;
    throw e;
  }
}

/** A caller nobody knows (registering an address with an account, verifying without a registration). */
export function anonymousMetadata(request: FastifyRequest, now: Date): EventMetadata {
  return {
    ...metadataFor({
      hospitalId: '',
      actor: { userId: 'anonymous', role: 'anonymous', name: 'Unknown caller' },
      correlationId: request.id,
      now,
    }),
    requestId: request.id,
    ip: request.ip,
  };
}

/**
 * The owner of an address that has an account is told, at most as often as the limit allows; the
 * notice stands for the code a new address would have been sent (applicant-mailbox.ts, `decoy`).
 * `quiet` (a registration) and `loud` (the resend button: 429 with the wait) as for `reissueCode`.
 */
export async function notifyAccountExists(
  platform: Platform,
  email: string,
  request: FastifyRequest,
  now: Date,
  mode: 'loud' | 'quiet',
  standIn: string | null,
): Promise<void> {
  const metadata = anonymousMetadata(request, now);
  try {
    await withApplicantLock(platform, email, () =>
      platform.transact(
        metadata,
        async (uow) => {
          const mailbox = await uow.load(applicantMailboxDecider, applicantMailboxStream(email));
          const at = metadata.occurredAt;
          // A resend keeps the id the browser was bound to; a registration brings a new one.
          const registrationId = standIn ?? mailbox.state.decoy?.id ?? null;
          // From a registration, limited as a new registration's code is (the hourly limit only), so
          // two registrations in a row are answered alike for an address with an account and a new one.
          const interval = mode === 'loud';
          uow.decide(mailbox, { type: 'RecordMail', email, kind: 'account-exists', registrationId, now: at, interval });
          await sendOrFail(platform, accountExistsEmail({ to: email, publicUrl: platform.config.publicUrl }));
        },
        { retries: 3 },
      ),
    );
  } catch (e) {
    if (!(e instanceof MailThrottled)) throw e;
    if (mode === 'loud') throw new ResendTooSoon(e.seconds);
  }
}

/**
 * The resend button: a new code for the registration this browser was bound to (another
 * browser's registration is never touched). The limit is the address's, so the answer is the same
 * for an address with a pending registration, one with an account that was registered lately (its
 * owner is told again), and one nobody registered (which gets no mail).
 */
export async function resendCode(
  platform: Platform,
  clock: () => Date,
  rawEmail: string | undefined,
  request: FastifyRequest,
): Promise<void> {
  const email = normaliseEmail(rawEmail);
  if (!isEmail(email)) throw new BadRequest(VALIDATION, [{ field: 'email', message: INVALID_EMAIL }]);
  const now = clock();
  const { state: mailbox } = await loadAggregate(
    platform.store,
    applicantMailboxStream(email),
    applicantMailboxDecider.evolve,
    applicantMailboxDecider.initialState,
  );
  const wait = mailWaitSeconds(mailbox, now.toISOString());
  if (wait > 0) throw new ResendTooSoon(wait);
  const bound = boundRegistration(request);
  if (!bound) return;
  const { state } = await loadAggregate(
    platform.store,
    registrationStream(bound),
    registrationDecider.evolve,
    registrationDecider.initialState,
  );
  if (state.status === 'none') {
    // An address with an account that this browser registered lately: its owner is told again, as
    // a pending registration would be sent a new code, so the two answer alike from here on too.
    if (mailbox.decoy?.id === bound && decoyOpen(mailbox, now.toISOString()))
      await notifyAccountExists(platform, email, request, now, 'loud', null);
    return;
  }
  if (state.status !== 'pending' || state.submission.admin.email !== email) return;
  await reissueCode(
    platform,
    { email, registrationId: bound, hospitalId: state.submission.hospitalId },
    request,
    now,
    'loud',
  );
}
