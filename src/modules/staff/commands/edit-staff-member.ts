import type { EventMetadata } from '../../../platform/event-store/port';
import type { Platform } from '../../../platform/platform';
import { changeStaffAccount, disableAccount, SESSION_GUARD } from '../../identity';
import { staffMemberDecider, type StaffMemberChanges } from '../decider';
import { EmailAlreadyTaken } from '../errors';
import { claimHospitalEmail, releaseHospitalEmail } from '../hospital-emails';
import { SEAT_RELEASE } from '../reactors/seat-release';
import type { StaffListItem } from '../read-models/staff-directory';
import { staffStream, type StaffMemberCreated, type StaffMemberState } from '../staff-member';

type Known = Exclude<StaffMemberState, { status: 'none' | 'deleted' }>;

/**
 * Applies an edit, and the account's matching change (email, role, active) in the same commit, so
 * a deactivated member's sessions end with it. `expectedVersion` (what the client last saw) pins
 * the version; either way a concurrent edit is a 409, never silently overwritten.
 */
export async function updateStaffMember(
  platform: Platform,
  metadata: EventMetadata,
  userId: string,
  changes: StaffMemberChanges,
  expectedVersion?: number,
): Promise<StaffListItem> {
  const { value } = await platform.transact(
    metadata,
    async (uow) => {
      const member = await uow.load(staffMemberDecider, staffStream(userId), { expectedVersion });
      const { hospitalId } = metadata;
      const before = member.state.status === 'none' ? null : member.state.email;
      const events = uow.decide(member, {
        type: 'UpdateStaffMember',
        userId,
        hospitalId,
        actorUserId: metadata.actor.userId,
        changes,
      });
      const s = member.state as Known;
      if (events.length > 0) {
        const { firstName, lastName, email, role } = s;
        if (before !== null && before !== email) {
          await claimHospitalEmail(uow, hospitalId, email, userId);
          await releaseHospitalEmail(uow, hospitalId, before, userId);
        }
        const next = { firstName, lastName, email, role, isActive: s.status === 'active' };
        await changeStaffAccount(uow, platform.db, userId, next, () => new EmailAlreadyTaken());
      }
      const first = member.history[0];
      const created = (first?.data ?? {}) as Partial<StaffMemberCreated['data']>;
      return {
        state: s,
        version: Number((member.revision ?? -1n) + 1n) + events.length,
        createdAt: first?.metadata.occurredAt ?? metadata.occurredAt,
        extra: {
          department: created.department ?? null,
          specialization: created.specialization ?? null,
          phone: created.phone ?? null,
        },
      };
    },
    { retries: 0, waitFor: [SESSION_GUARD] },
  );
  const { state: s, version, createdAt, extra } = value;
  return {
    _id: s.userId,
    id: s.userId,
    employeeId: s.employeeId,
    firstName: s.firstName,
    lastName: s.lastName,
    email: s.email,
    role: s.role,
    isActive: s.status === 'active',
    ...extra,
    version,
    createdAt,
  };
}

/**
 * Deletes a member and disables their account in one commit (their sessions end at once). The
 * seat under the plan and the email are freed by the seat-release reactor; the answer waits for
 * it, so the next hire sees the seat free.
 */
export async function deleteStaffMember(
  platform: Platform,
  metadata: EventMetadata,
  userId: string,
  expectedVersion?: number,
): Promise<void> {
  await platform.transact(
    metadata,
    async (uow) => {
      const member = await uow.load(staffMemberDecider, staffStream(userId), { expectedVersion });
      uow.decide(member, {
        type: 'DeleteStaffMember',
        userId,
        hospitalId: metadata.hospitalId,
        actorUserId: metadata.actor.userId,
      });
      const deleted = member.state as Exclude<StaffMemberState, { status: 'none' }>;
      await releaseHospitalEmail(uow, metadata.hospitalId, deleted.email, userId);
      await disableAccount(uow, userId, 'deleted');
    },
    { retries: 0, waitFor: [SESSION_GUARD, SEAT_RELEASE] },
  );
}
