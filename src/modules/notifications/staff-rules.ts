import type { DomainEvent, RecordedEvent } from '../../platform/event-store/port';
import { ROLE_LABELS } from '../../shared/roles';
import type { StaffMemberEvent } from '../staff';
import { by, defineRules, fullName, type Draft, type Lookups, type StaffRef } from './draft';

function userPayload(s: StaffRef) {
  return { ...s, _id: s.id, name: fullName(s), roleLabel: ROLE_LABELS[s.role] ?? s.role };
}

async function staffChange(
  event: RecordedEvent<DomainEvent<string, { userId: string }>>,
  lookups: Lookups,
  make: (s: StaffRef) => Omit<Draft, 'data'> & { data?: Record<string, unknown> },
): Promise<Draft[]> {
  const s = await lookups.staff(event.metadata.hospitalId, event.data.userId);
  if (!s) return [];
  const d = make(s);
  return [{ ...d, data: { user: userPayload(s), ...d.data, message: d.message } }];
}

/** The staff list's server messages (admins only, §6), and a profile's own "profile updated". */
export const STAFF_RULES = defineRules<StaffMemberEvent>({
  StaffMemberCreated: async (e) => {
    const { userId, hospitalId: _h, ...rest } = e.data;
    const user = userPayload({ id: userId, ...rest, isActive: true });
    const message = `${user.name} was added as ${user.roleLabel}`;
    return [
      {
        type: 'user_created',
        title: 'New Staff Member',
        message,
        priority: 'normal',
        data: { user, createdBy: by(e), message },
      },
    ];
  },
  StaffMemberUpdated: async (e, lookups) => {
    const before = await lookups.staff(e.metadata.hospitalId, e.data.userId);
    if (!before) return [];
    const user = userPayload({ ...before, ...e.data, id: e.data.userId });
    const message = `${user.name}'s account was updated`;
    const drafts: Draft[] = [
      {
        type: 'user_updated',
        title: 'Staff Updated',
        message,
        priority: 'normal',
        data: { user, updatedBy: by(e), message },
      },
    ];
    // "Profile updated: everyone" (§6): the person whose profile it is, when someone else changed it.
    if (e.metadata.actor.userId !== e.data.userId) {
      const note = `Your profile was updated by ${e.metadata.actor.name}`;
      drafts.push({
        type: 'profile_updated',
        title: 'Profile Updated',
        message: note,
        priority: 'normal',
        data: { user, updatedBy: by(e), message: note },
        userIds: [e.data.userId],
      });
    }
    return drafts;
  },
  StaffMemberDeactivated: (e, lookups) =>
    staffChange(e, lookups, (s) => ({
      type: 'user_status_changed',
      title: 'Staff Status Changed',
      message: `${fullName(s)} was deactivated`,
      priority: 'normal',
      data: { user: { ...userPayload(s), isActive: false }, newStatus: false, updatedBy: by(e) },
    })),
  StaffMemberReactivated: (e, lookups) =>
    staffChange(e, lookups, (s) => ({
      type: 'user_status_changed',
      title: 'Staff Status Changed',
      message: `${fullName(s)} was activated`,
      priority: 'normal',
      data: { user: { ...userPayload(s), isActive: true }, newStatus: true, updatedBy: by(e) },
    })),
  StaffMemberDeleted: async (e, lookups) => {
    const s = await lookups.staff(e.metadata.hospitalId, e.data.userId);
    const userName = s ? fullName(s) : 'A user';
    const message = `${userName} was removed`;
    return [
      {
        type: 'user_deleted',
        title: 'Staff Removed',
        message,
        priority: 'normal',
        data: { userId: e.data.userId, userName, deletedBy: by(e), message },
      },
    ];
  },
});
