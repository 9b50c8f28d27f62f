import { reserveUnique, uniqueHolder, type Claim } from '../../../platform/event-store/unique-reservation';
import type { UnitOfWork } from '../../../platform/event-store/unit-of-work';
import { Conflict } from '../../../platform/http/errors';
import type { Platform } from '../../../platform/platform';
import { accountEmailHolder, claimAccountEmail } from '../../identity';
import { hospitalStream } from '../hospital';
import type { Submission } from '../registration';
import { generateHospitalCode } from '../verification-code';

/**
 * Uniqueness of hospitals and admin emails, race-free through reservation streams.
 *
 * Policy: an UNVERIFIED registration holds nothing. Submitting checks that no verified hospital
 * or account holds a value (fast, friendly 409s), and verifying reserves them for good, in the
 * same commit as EmailVerified. (The admin's email is held from submission by the applicant's
 * mailbox, see applicant-mailbox.ts, so a second registration cannot replace a pending one.) So a typo'd or abandoned registration never blocks the real
 * hospital, and when two pending registrations claim the same hospital, the first to verify wins
 * and the other gets the 409. Admin emails are identity's: one email, one account.
 */
export const HOSPITAL_EXISTS = 'A hospital with this information already exists';
export const ADMIN_EXISTS = 'An admin with this email already exists';
const HOSPITAL_CODE_SCOPE = 'hospital-code';

/** The reservation scope of each unique hospital value. */
export const CLAIM_SCOPES = {
  hospitalNumber: 'hospital-number',
  licenseNumber: 'hospital-license',
  registrationNumber: 'hospital-registration-number',
  email: 'hospital-email',
} as const;

function hospitalClaims(s: Submission): Claim[] {
  const h = s.hospitalData;
  const claim = (scope: string, value: string): Claim => ({
    scope,
    value,
    ownerId: s.hospitalId,
    ownerStream: hospitalStream(s.hospitalId),
  });
  return [
    claim(CLAIM_SCOPES.hospitalNumber, h.hospitalNumber),
    claim(CLAIM_SCOPES.licenseNumber, h.licenseNumber),
    claim(CLAIM_SCOPES.registrationNumber, h.registrationNumber),
    claim(CLAIM_SCOPES.email, h.email),
  ];
}

/**
 * At submission: 409 when a verified hospital already holds a value. The admin's email is not
 * checked here: whether an address has an account is its owner's business, so registration
 * answers the same for every address and tells the owner by mail instead.
 */
export async function assertHospitalAvailable(platform: Platform, s: Submission): Promise<void> {
  for (const c of hospitalClaims(s)) {
    if (await uniqueHolder(platform.store, c.scope, c.value)) throw new Conflict(HOSPITAL_EXISTS);
  }
}

/** Whether the admin's email already belongs to an account (an admin's or a staff member's). */
export async function adminEmailTaken(platform: Platform, s: Submission): Promise<boolean> {
  return (await accountEmailHolder(platform, s.admin.email)) !== null;
}

/**
 * A Hospital ID nobody holds: the proposed one, or a fresh draw in the unlikely case of a clash.
 * Its reservation in the verifying unit of work settles any race (the loser retries).
 */
export async function freeHospitalCode(platform: Platform, s: Submission): Promise<string> {
  let code = s.hospitalCode;
  for (let attempt = 0; attempt < 20; attempt++) {
    const holder = await uniqueHolder(platform.store, HOSPITAL_CODE_SCOPE, code);
    if (holder === null || holder === s.hospitalId) return code;
    code = generateHospitalCode();
  }
  throw new Error('Could not allocate a Hospital ID');
}

/** At verification: stages every value of the hospital, its Hospital ID and the admin's email. */
export async function reserveHospital(uow: UnitOfWork, s: Submission, hospitalCode: string): Promise<void> {
  for (const c of hospitalClaims(s)) await reserveUnique(uow, c, () => new Conflict(HOSPITAL_EXISTS));
  await reserveUnique(
    uow,
    {
      scope: HOSPITAL_CODE_SCOPE,
      value: hospitalCode,
      ownerId: s.hospitalId,
      ownerStream: hospitalStream(s.hospitalId),
    },
    () => new Conflict(HOSPITAL_EXISTS),
  );
  await claimAccountEmail(uow, s.admin.email, s.adminUserId, () => new Conflict(ADMIN_EXISTS));
}
