import type { RecordedEvent } from '../../platform/event-store/port';
import type { Platform } from '../../platform/platform';
import type { LiveConsumer } from '../../platform/projections/runner';
import type { StaffMemberEvent } from './events';
import { findStaff, type StaffListItem } from './read-models/staff-directory';
import { ROLE_LABELS, type RoleCode } from './roles';

/** Staff changes are shown to the hospital's admins only (product-spec-1 §6), on their 'users' channel. */
const TO_ADMINS = { roles: ['admin'], channels: ['users'] } as const;

const fullName = (p: { firstName: string; lastName: string }) => `${p.firstName} ${p.lastName}`.trim();

function userOf(p: StaffListItem) {
  const { version: _v, createdAt: _c, ...rest } = p;
  return { ...rest, roleLabel: ROLE_LABELS[p.role as RoleCode] ?? p.role };
}

/**
 * Pushes user_created, user_updated, user_status_changed and user_deleted ({type, data, timestamp})
 * to admins. The member is read from the staff directory read model (deleted members keep their
 * row), never by folding their stream.
 */
export function staffNotifications(platform: Platform): LiveConsumer {
  const handle = async (event: RecordedEvent) => {
    const e = event as unknown as RecordedEvent<StaffMemberEvent>;
    const hospitalId = event.metadata.hospitalId;
    const by = event.metadata.actor.name;
    const member = () => findStaff(platform.db, hospitalId, e.data.userId, { includeDeleted: true });
    switch (e.type) {
      case 'StaffMemberCreated': {
        const d = e.data;
        const user = { _id: d.userId, id: d.userId, ...d, isActive: true, roleLabel: ROLE_LABELS[d.role] };
        const message = `${fullName(d)} was added as ${ROLE_LABELS[d.role]}`;
        platform.realtime.publish(
          hospitalId,
          { type: 'user_created', data: { user, createdBy: by, message } },
          TO_ADMINS,
        );
        return;
      }
      case 'StaffMemberUpdated': {
        const p = await member();
        if (!p) return;
        const message = `${fullName(e.data)}'s account was updated`;
        const user = { ...userOf(p), ...e.data };
        platform.realtime.publish(
          hospitalId,
          { type: 'user_updated', data: { user, updatedBy: by, message } },
          TO_ADMINS,
        );
        return;
      }
      case 'StaffMemberDeactivated':
      case 'StaffMemberReactivated': {
        const p = await member();
        if (!p) return;
        const newStatus = e.type === 'StaffMemberReactivated';
        const message = `${fullName(p)} was ${newStatus ? 'activated' : 'deactivated'}`;
        const user = { ...userOf(p), isActive: newStatus };
        platform.realtime.publish(
          hospitalId,
          { type: 'user_status_changed', data: { user, newStatus, updatedBy: by, message } },
          TO_ADMINS,
        );
        return;
      }
      case 'StaffMemberDeleted': {
        const p = await member();
        const userName = p ? fullName(p) : 'A user';
        platform.realtime.publish(
          hospitalId,
          {
            type: 'user_deleted',
            data: { userId: e.data.userId, userName, deletedBy: by, message: `${userName} was removed` },
          },
          TO_ADMINS,
        );
        return;
      }
      default:
        return;
    }
  };
  return {
    name: 'staff-notifications',
    handle: async (events) => {
      for (const event of events) {
        try {
          await handle(event);
        } catch (err) {
          // A notification is best effort: it must never stop the feed for the events after it.
          platform.log.warn({ err, eventId: event.id }, 'staff notification failed');
        }
      }
    },
  };
}
