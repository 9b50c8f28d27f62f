import type { Db } from '../../../platform/db/database';
import type { EventMetadata } from '../../../platform/event-store/port';
import { releaseUnique, reserveUnique, uniqueHolder } from '../../../platform/event-store/unique-reservation';
import type { UnitOfWork } from '../../../platform/event-store/unit-of-work';
import type { Platform } from '../../../platform/platform';
import type { RoleCode } from '../../../shared/roles';
import { accountStream } from '../account';
import { accountDecider } from '../account-decider';
import type { AccountProvisioned } from '../events';
import { findAccount } from '../read-models/accounts';
import { hashPassword } from '../passwords';
import { SESSION_GUARD, SESSION_GUARD_WAIT_MS } from '../session-guard';
import { tenantDecider, tenantStream, type TenantStatus } from '../tenant';

/**
 * Identity's commands for the modules that hire and register people. Identity owns every
 * account's email (one email, one account, admins and staff alike) and credentials; the staff and
 * hospitals modules stage these in their own units of work, so a hire and its account, or a
 * deactivation and its ended sessions, commit together.
 */
export const ACCOUNT_EMAIL_SCOPE = 'account-email';

const claim = (email: string, userId: string) => ({
  scope: ACCOUNT_EMAIL_SCOPE,
  value: email.trim().toLowerCase(),
  ownerId: userId,
  ownerStream: accountStream(userId),
});

/** Who holds an email now (a user id), or null: for early, friendly refusals before a command. */
export function accountEmailHolder(platform: Platform, email: string): Promise<string | null> {
  return uniqueHolder(platform.store, ACCOUNT_EMAIL_SCOPE, email.trim().toLowerCase());
}

/** Reserves `email` for the account `userId`; `conflict()` when another account holds it. */
export async function claimAccountEmail(uow: UnitOfWork, email: string, userId: string, conflict: () => Error) {
  await reserveUnique(uow, claim(email, userId), () => conflict());
}

/** A staff account without a login takes its address as its login, now that it is free. */
export async function takeFreedEmail(uow: UnitOfWork, email: string, userId: string, conflict: () => Error) {
  await claimAccountEmail(uow, email, userId, conflict);
  await releaseUnique(uow, standIn(userId));
}

/**
 * A staff account without a login of its own (its address signs in to another hospital's account)
 * holds this instead of its address, one value per account. So every staff account holds exactly
 * one reservation, and each hire, address change and closing writes the same events whichever
 * kind it is: the audit chain's sequence numbers, which count every event, tell nothing either.
 */
export const NO_LOGIN_SCOPE = 'account-no-login';
const standIn = (userId: string) => ({
  scope: NO_LOGIN_SCOPE,
  value: userId,
  ownerId: userId,
  ownerStream: accountStream(userId),
});

/** Frees whatever the account holds: its address, or its stand-in (a no-op for the one it does not hold). */
async function releaseLogin(uow: UnitOfWork, userId: string, email: string): Promise<void> {
  await releaseUnique(uow, { scope: ACCOUNT_EMAIL_SCOPE, value: email, ownerId: userId });
  await releaseUnique(uow, standIn(userId));
}

class EmailHeld extends Error {
  constructor(readonly holder: string) {
    super('email held by another account');
  }
}

/**
 * Whether a staff account of `hospitalId` got `email` as its login: 'claimed', or 'held-elsewhere'
 * when an account of another hospital (or an onboarding not yet verified) holds it. Then nothing
 * is claimed and the staff account is made without a login of its own, so the admin's answer is
 * the one for a new address and tells nothing about other hospitals (issue 33); the holder's
 * account is only compared, never changed. An account of the same hospital: `sameHospital()`.
 */
export async function claimStaffEmail(
  uow: UnitOfWork,
  db: Db,
  staff: { email: string; userId: string; hospitalId: string },
  sameHospital: () => Error,
): Promise<'claimed' | 'held-elsewhere'> {
  try {
    await reserveUnique(uow, claim(staff.email, staff.userId), (holder) => new EmailHeld(holder));
    return 'claimed';
  } catch (e) {
    if (!(e instanceof EmailHeld)) throw e;
    // One row of the (inline) accounts read model: reading the holder's stream would take longer
    // the longer its history, a clock for the admin to read.
    if ((await findAccount(db, e.holder))?.hospital_id === staff.hospitalId) throw sameHospital();
    await reserveUnique(uow, standIn(staff.userId), () => new Error('stand-in held by another account'));
    return 'held-elsewhere';
  }
}

/** An onboarding admin's chosen password, hashed and held until the registration is verified. */
export async function stageAdminCredentials(
  uow: UnitOfWork,
  admin: { userId: string; email: string; registrationId: string; password: string },
): Promise<void> {
  const account = await uow.load(accountDecider, accountStream(admin.userId), { isNew: true });
  uow.decide(account, {
    type: 'StageCredentials',
    userId: admin.userId,
    email: admin.email,
    registrationId: admin.registrationId,
    passwordHash: await hashPassword(admin.password),
  });
}

function splitName(fullName: string): { firstName: string; lastName: string } {
  const parts = fullName.trim().split(/\s+/);
  return { firstName: parts[0] ?? '', lastName: parts.slice(1).join(' ') };
}

/**
 * The verified hospital as identity knows it, and its admin's account with the staged password.
 * Idempotent, so a reactor replaying the verification records nothing twice.
 */
export async function provisionAdminAccount(
  uow: UnitOfWork,
  a: {
    userId: string;
    hospital: { hospitalId: string; hospitalCode: string; name: string };
    fullName: string;
    jobTitle: string;
    email: string;
  },
): Promise<void> {
  const tenant = await uow.load(tenantDecider, tenantStream(a.hospital.hospitalId));
  uow.decide(tenant, { type: 'RegisterTenant', tenant: { ...a.hospital, status: 'active' } });
  const account = await uow.load(accountDecider, accountStream(a.userId));
  uow.decide(account, {
    type: 'ProvisionAccount',
    account: {
      userId: a.userId,
      hospitalId: a.hospital.hospitalId,
      kind: 'admin',
      email: a.email.toLowerCase(),
      role: 'admin',
      ...splitName(a.fullName),
      jobTitle: a.jobTitle,
      employeeId: null,
      department: null,
      specialization: null,
      phone: null,
    },
  });
}

export type StaffAccount = Omit<AccountProvisioned['data'], 'kind' | 'jobTitle'> & { role: Exclude<RoleCode, 'admin'> };

/**
 * A staff member's account, with its email claimed unless another hospital's account holds it
 * (see claimStaffEmail); the invitation reactor gives it a password and mails it, or tells the
 * address's owner.
 */
export async function provisionStaffAccount(uow: UnitOfWork, db: Db, staff: StaffAccount, sameHospital: () => Error) {
  await claimStaffEmail(uow, db, staff, sameHospital);
  const account = await uow.load(accountDecider, accountStream(staff.userId), { isNew: true });
  uow.decide(account, { type: 'ProvisionAccount', account: { ...staff, kind: 'staff', jobTitle: null } });
}

/**
 * A staff account's new profile and active state: a new email is claimed (unless another
 * hospital's account holds it: see claimStaffEmail) and the old one freed if this account held
 * it; deactivating ends every session at once.
 */
export async function changeStaffAccount(
  uow: UnitOfWork,
  db: Db,
  userId: string,
  next: { firstName: string; lastName: string; email: string; role: RoleCode; isActive: boolean },
  conflict: () => Error,
): Promise<void> {
  const account = await uow.load(accountDecider, accountStream(userId));
  const before = account.state.profile?.email;
  const email = next.email.trim().toLowerCase();
  const hospitalId = account.state.profile?.hospitalId;
  if (before !== undefined && hospitalId !== undefined && before !== email) {
    // Released first: an account without a login moving to another such address takes its stand-in again.
    await releaseLogin(uow, userId, before);
    await claimStaffEmail(uow, db, { email, userId, hospitalId }, conflict);
  }
  const { firstName, lastName, role, isActive } = next;
  uow.decide(account, { type: 'ChangeProfile', changes: { firstName, lastName, email, role } });
  uow.decide(account, isActive ? { type: 'EnableAccount' } : { type: 'DisableAccount', reason: 'deactivated' });
}

/** Stops an account signing in at once (its sessions end in the same commit). */
export async function disableAccount(uow: UnitOfWork, userId: string, reason: 'deactivated' | 'deleted') {
  const account = await uow.load(accountDecider, accountStream(userId));
  uow.decide(account, { type: 'DisableAccount', reason });
}

/** Closes a deleted account for good and frees its email (or its stand-in). Idempotent. */
export async function closeAccount(platform: Platform, userId: string, metadata: EventMetadata): Promise<void> {
  await platform.transact(
    metadata,
    async (uow) => {
      const account = await uow.load(accountDecider, accountStream(userId));
      const email = account.state.profile?.email;
      uow.decide(account, { type: 'CloseAccount' });
      if (email) await releaseLogin(uow, userId, email);
    },
    { waitFor: [SESSION_GUARD], timeoutMs: SESSION_GUARD_WAIT_MS },
  );
}

/** Suspends or re-activates everyone of a hospital; staged with the hospital's own status change. */
export async function setTenantStatus(uow: UnitOfWork, hospitalId: string, status: TenantStatus): Promise<void> {
  const tenant = await uow.load(tenantDecider, tenantStream(hospitalId));
  uow.decide(tenant, { type: 'ChangeTenantStatus', hospitalId, status });
}

/** Identity's copy of the hospital's name follows Settings; staged with the settings change. */
export async function renameTenant(uow: UnitOfWork, hospitalId: string, name: string): Promise<void> {
  const tenant = await uow.load(tenantDecider, tenantStream(hospitalId));
  uow.decide(tenant, { type: 'RenameTenant', hospitalId, name });
}
