import { releaseUnique, reserveUnique } from '../../platform/event-store/unique-reservation';
import type { UnitOfWork } from '../../platform/event-store/unit-of-work';
import { EmailAlreadyTaken } from './errors';
import { staffStream } from './staff-member';

/**
 * One address per member within a hospital, whether or not it is the member's login. Identity's
 * own reservation is one address per login across every hospital; a member added with an address
 * that signs in to another hospital's account holds no login (issue 33), so without this a second
 * member with that address would be taken where a new address is refused, telling the admin the
 * address has an account elsewhere. Members from before this reservation hold their login's, which
 * identity refuses within the hospital just the same.
 */
export const STAFF_EMAIL_SCOPE = 'staff-email';

const claim = (hospitalId: string, email: string, userId: string) => ({
  scope: STAFF_EMAIL_SCOPE,
  value: `${hospitalId} ${email.trim().toLowerCase()}`,
  ownerId: userId,
});

/** Reserves `email` among the hospital's staff for `userId`; 409 when another member has it. */
export async function claimHospitalEmail(uow: UnitOfWork, hospitalId: string, email: string, userId: string) {
  await reserveUnique(
    uow,
    { ...claim(hospitalId, email, userId), ownerStream: staffStream(userId) },
    () => new EmailAlreadyTaken(),
  );
}

/** Frees `email` among the hospital's staff if `userId` holds it (members from before never did). */
export async function releaseHospitalEmail(uow: UnitOfWork, hospitalId: string, email: string, userId: string) {
  await releaseUnique(uow, claim(hospitalId, email, userId));
}
