import { randomInt, randomUUID } from 'node:crypto';
import path from 'node:path';
import { metadataFor } from '../../src/platform/event-store/metadata';
import type { Platform } from '../../src/platform/platform';
import {
  changeStaffAccount,
  disableAccount,
  INVITATIONS,
  provisionStaffAccount,
  SESSION_GUARD,
} from '../../src/modules/identity';
import type { RoleCode } from '../../src/shared/roles';
import { readOutbox } from './outbox';

/**
 * Staff login accounts for identity's own tests, made with identity's public commands exactly as
 * the staff module stages them (without the staff module), and signed in with the temporary
 * password identity's invitation reactor mails to the outbox.
 */
type StaffRole = Exclude<RoleCode, 'admin'>;
export type StaffFixture = { userId: string; email: string; password: string; role: StaffRole; hospitalId: string };

const adminMetadata = (hospitalId: string) =>
  metadataFor({ hospitalId, actor: { userId: 'test-admin', role: 'admin', name: 'Test Admin' } });

/** The temporary password standing on its own line in the newest invitation to `email`. */
async function mailedPassword(platform: Platform, email: string): Promise<string> {
  const mails = await readOutbox(path.join(platform.config.dataDir, 'outbox'), email);
  const raw = mails[mails.length - 1]?.raw ?? '';
  const text = raw
    .replace(/=\r?\n/g, '')
    .replace(/=([0-9A-F]{2})/g, (_, h: string) => String.fromCharCode(parseInt(h, 16)));
  const password = /^Temporary password: (\S+)\s*$/m.exec(text)?.[1];
  if (!password) throw new Error(`no invitation with a password for ${email}`);
  return password;
}

export async function createStaffAccount(
  platform: Platform,
  hospitalId: string,
  overrides: { role?: StaffRole; email?: string; firstName?: string; lastName?: string } = {},
): Promise<StaffFixture> {
  const userId = randomUUID();
  const email = (overrides.email ?? `nurse-${userId.slice(0, 8)}@stluke.test`).toLowerCase();
  const role = overrides.role ?? 'nurse';
  const result = await platform.transact(
    adminMetadata(hospitalId),
    (uow) =>
      provisionStaffAccount(
        uow,
        platform.db,
        {
          userId,
          hospitalId,
          email,
          role,
          firstName: overrides.firstName ?? 'Bola',
          lastName: overrides.lastName ?? 'Adeyemi',
          employeeId: `EMP-${String(randomInt(1, 10_000)).padStart(4, '0')}`,
          department: 'Outpatients',
          specialization: null,
          phone: '+2348012345678',
        },
        () => new Error(`email ${email} is taken`),
      ),
    { waitFor: [INVITATIONS], timeoutMs: 10_000 },
  );
  if (!result.caughtUp) throw new Error('the invitation reactor did not run');
  return { userId, email, password: await mailedPassword(platform, email), role, hospitalId };
}

export async function deactivateStaff(platform: Platform, staff: StaffFixture) {
  await changeStaff(platform, staff, { isActive: false });
}

export async function reactivateStaff(platform: Platform, staff: StaffFixture) {
  await changeStaff(platform, staff, { isActive: true });
}

export async function deleteStaff(platform: Platform, staff: StaffFixture) {
  await platform.transact(adminMetadata(staff.hospitalId), (uow) => disableAccount(uow, staff.userId, 'deleted'), {
    waitFor: [SESSION_GUARD],
  });
}

export async function updateStaff(
  platform: Platform,
  staff: StaffFixture,
  data: { firstName?: string; lastName?: string; email?: string; role?: StaffRole; isActive?: boolean },
) {
  await changeStaff(platform, staff, data);
}

async function changeStaff(
  platform: Platform,
  staff: StaffFixture,
  data: { firstName?: string; lastName?: string; email?: string; role?: StaffRole; isActive?: boolean },
) {
  await platform.transact(
    adminMetadata(staff.hospitalId),
    (uow) =>
      changeStaffAccount(
        uow,
        platform.db,
        staff.userId,
        {
          firstName: data.firstName ?? 'Bola',
          lastName: data.lastName ?? 'Adeyemi',
          email: data.email ?? staff.email,
          role: data.role ?? staff.role,
          isActive: data.isActive ?? true,
        },
        () => new Error('email taken'),
      ),
    { waitFor: [SESSION_GUARD] },
  );
}
