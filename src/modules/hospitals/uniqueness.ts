import { loadAggregate } from '../../platform/event-store/command-handler';
import type { EventMetadata } from '../../platform/event-store/port';
import { releaseUnique, reserveUnique, uniqueHolder } from '../../platform/event-store/unique-reservation';
import { Conflict } from '../../platform/http/errors';
import type { Platform } from '../../platform/platform';
import { registrationDecider } from './registration-decider';
import { registrationStream, type Submission } from './registration';
import { generateHospitalCode } from './verification-code';

/**
 * Uniqueness of hospitals and admin emails, race-free through reservation streams.
 *
 * Policy: an UNVERIFIED registration holds nothing. Submitting checks that no verified hospital
 * or account holds a value (fast, friendly 409s), and verifying reserves them for good. So a
 * typo'd or abandoned registration never blocks the real hospital, and when two pending
 * registrations claim the same hospital, the first to verify wins and the other gets the 409.
 * Admin emails share the scope 'account-email' with staff accounts: one email, one account.
 */

export const HOSPITAL_EXISTS = 'A hospital with this information already exists';
export const ADMIN_EXISTS = 'An admin with this email already exists';
export const ACCOUNT_EMAIL_SCOPE = 'account-email';
const HOSPITAL_CODE_SCOPE = 'hospital-code';

type Claim = { scope: string; value: string; ownerId: string; conflict: string };

function claimsOf(s: Submission): Claim[] {
  const h = s.hospitalData;
  const hospital = (scope: string, value: string): Claim => ({
    scope,
    value,
    ownerId: s.hospitalId,
    conflict: HOSPITAL_EXISTS,
  });
  return [
    hospital('hospital-number', h.hospitalNumber),
    hospital('hospital-license', h.licenseNumber),
    hospital('hospital-registration-number', h.registrationNumber),
    hospital('hospital-email', h.email),
    { scope: ACCOUNT_EMAIL_SCOPE, value: s.admin.email, ownerId: s.adminUserId, conflict: ADMIN_EXISTS },
  ];
}

/** At submission: 409 when a verified hospital or any account already holds a value. */
export async function assertAvailable(platform: Platform, s: Submission): Promise<void> {
  for (const claim of claimsOf(s)) {
    if (await uniqueHolder(platform.store, claim.scope, claim.value)) throw new Conflict(claim.conflict);
  }
}

/**
 * At verification, before EmailVerified: reserves every value (or releases what it took and
 * throws the 409) and the Hospital ID, drawing a new one in the unlikely case of a clash.
 * Idempotent for the same registration, since the owners were fixed at submission.
 */
export async function reserveFor(platform: Platform, s: Submission, metadata: EventMetadata): Promise<string> {
  const taken: Claim[] = [];
  for (const claim of claimsOf(s)) {
    const result = await reserveUnique(platform.store, { ...claim, metadata });
    if (!result.reserved) {
      await release(platform, taken, metadata);
      throw new Conflict(claim.conflict);
    }
    taken.push(claim);
  }
  let code = s.hospitalCode;
  for (let attempt = 0; ; attempt++) {
    const r = await reserveUnique(platform.store, {
      scope: HOSPITAL_CODE_SCOPE,
      value: code,
      ownerId: s.hospitalId,
      metadata,
    });
    if (r.reserved) return code;
    if (attempt >= 20) throw new Error('Could not allocate a Hospital ID');
    code = generateHospitalCode();
  }
}

async function release(platform: Platform, claims: Claim[], metadata: EventMetadata) {
  for (const c of claims)
    await releaseUnique(platform.store, { scope: c.scope, value: c.value, ownerId: c.ownerId, metadata });
}

/**
 * Gives the values back after a verification that did not commit, unless the registration got
 * verified meanwhile by a concurrent request (which holds them under the same owners).
 */
export async function releaseUnlessVerified(
  platform: Platform,
  s: Submission,
  hospitalCode: string,
  metadata: EventMetadata,
): Promise<void> {
  const { state } = await loadAggregate(
    platform.store,
    registrationStream(s.registrationId),
    registrationDecider.evolve,
    registrationDecider.initialState,
  );
  if (state.status === 'verified') return;
  const code: Claim = {
    scope: HOSPITAL_CODE_SCOPE,
    value: hospitalCode,
    ownerId: s.hospitalId,
    conflict: HOSPITAL_EXISTS,
  };
  await release(platform, [...claimsOf(s), code], metadata);
}
