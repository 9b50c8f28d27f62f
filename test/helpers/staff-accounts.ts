import { randomInt, randomUUID } from 'node:crypto';
import { metadataFor } from '../../src/platform/event-store/metadata';
import { reserveUnique } from '../../src/platform/event-store/unique-reservation';
import type { Platform } from '../../src/platform/platform';
import { ACCOUNTS_PROJECTION, hashPassword, SESSIONS_PROJECTION } from '../../src/modules/identity';
import type { RoleCode as StaffRoleCode, StaffMemberEvent } from '../../src/modules/staff';

/**
 * Staff accounts for identity's tests, written as the staff module's contract events
 * (stream `staff-<userId>`, see src/modules/staff/staff-member.ts) on the real event store,
 * so identity's projections, sign-in and session checks run exactly as with the staff module.
 */
export type StaffFixture = { userId: string; email: string; password: string; role: StaffRoleCode; hospitalId: string };

async function appendStaff(platform: Platform, hospitalId: string, userId: string, event: StaffMemberEvent) {
  const metadata = metadataFor({ hospitalId, actor: { userId: 'test-admin', role: 'admin', name: 'Test Admin' } });
  const result = await platform.store.append(`staff-${userId}`, [{ ...event, metadata }], { expectedRevision: 'any' });
  await platform.runner.waitFor(result.position, [ACCOUNTS_PROJECTION, SESSIONS_PROJECTION]);
}

export async function createStaffAccount(
  platform: Platform,
  hospitalId: string,
  overrides: { role?: StaffRoleCode; email?: string; password?: string; firstName?: string; lastName?: string } = {},
): Promise<StaffFixture> {
  const userId = randomUUID();
  const email = (overrides.email ?? `nurse-${userId.slice(0, 8)}@stluke.test`).toLowerCase();
  const password = overrides.password ?? `Temp-${randomUUID().slice(0, 12)}`;
  const role = overrides.role ?? 'nurse';
  const metadata = metadataFor({ hospitalId });
  const reserved = await reserveUnique(platform.store, {
    scope: 'account-email',
    value: email,
    ownerId: userId,
    metadata,
  });
  if (!reserved.reserved) throw new Error(`email ${email} is taken`);
  await appendStaff(platform, hospitalId, userId, {
    type: 'StaffMemberCreated',
    data: {
      userId,
      hospitalId,
      employeeId: `EMP-${String(randomInt(1, 10_000)).padStart(4, '0')}`,
      firstName: overrides.firstName ?? 'Bola',
      lastName: overrides.lastName ?? 'Adeyemi',
      email,
      role,
      passwordHash: await hashPassword(password),
      department: 'Outpatients',
      specialization: null,
      phone: '+2348012345678',
    },
  });
  return { userId, email, password, role, hospitalId };
}

export async function deactivateStaff(platform: Platform, staff: StaffFixture) {
  await appendStaff(platform, staff.hospitalId, staff.userId, {
    type: 'StaffMemberDeactivated',
    data: { userId: staff.userId },
  });
}

export async function reactivateStaff(platform: Platform, staff: StaffFixture) {
  await appendStaff(platform, staff.hospitalId, staff.userId, {
    type: 'StaffMemberReactivated',
    data: { userId: staff.userId },
  });
}

export async function deleteStaff(platform: Platform, staff: StaffFixture) {
  await appendStaff(platform, staff.hospitalId, staff.userId, {
    type: 'StaffMemberDeleted',
    data: { userId: staff.userId },
  });
}

export async function updateStaff(
  platform: Platform,
  staff: StaffFixture,
  data: { firstName: string; lastName: string; email: string; role: StaffRoleCode },
) {
  await appendStaff(platform, staff.hospitalId, staff.userId, {
    type: 'StaffMemberUpdated',
    data: { userId: staff.userId, ...data },
  });
}
