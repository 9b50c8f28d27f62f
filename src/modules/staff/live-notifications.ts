import { loadAggregate } from '../../platform/event-store/command-handler';
import type { RecordedEvent } from '../../platform/event-store/port';
import type { Platform } from '../../platform/platform';
import type { LiveConsumer } from '../../platform/projections/runner';
import { staffMemberDecider } from './decider';
import { ROLE_LABELS, type RoleCode } from './roles';
import { staffStream, type StaffMemberEvent, type StaffMemberState } from './staff-member';

type Known = Exclude<StaffMemberState, { status: 'none' }>;

/** Staff changes are shown to the hospital's admins only (product-spec-1 §6), on their 'users' channel. */
const TO_ADMINS = { roles: ['admin'], channels: ['users'] } as const;

const fullName = (p: { firstName: string; lastName: string }) => `${p.firstName} ${p.lastName}`.trim();

/**
 * The profile as it stood when `event` was recorded, read from the member's own stream: the
 * Deactivated/Deleted events carry only the id, and the directory row may already be gone.
 */
async function profileAt(platform: Platform, event: RecordedEvent): Promise<Known | null> {
  const { events } = await loadAggregate(
    platform.store,
    staffStream((event.data as { userId: string }).userId),
    staffMemberDecider.evolve,
    staffMemberDecider.initialState,
  );
  const upTo = events.filter((e) => e.revision <= event.revision) as unknown as StaffMemberEvent[];
  const state = upTo.reduce(staffMemberDecider.evolve, staffMemberDecider.initialState());
  return state.status === 'none' ? null : state;
}

function userOf(p: Known) {
  const { userId, hospitalId: _h, status, ...rest } = p;
  return {
    _id: userId,
    id: userId,
    ...rest,
    isActive: status === 'active',
    roleLabel: ROLE_LABELS[p.role as RoleCode] ?? p.role,
  };
}

/** Pushes user_created, user_updated, user_status_changed and user_deleted ({type, data, timestamp}) to admins. */
export function staffNotifications(platform: Platform): LiveConsumer {
  const handle = async (event: RecordedEvent) => {
    const e = event as unknown as RecordedEvent<StaffMemberEvent>;
    const hospitalId = event.metadata.hospitalId;
    const by = event.metadata.actor.name;
    switch (e.type) {
      case 'StaffMemberCreated': {
        const { passwordHash: _secret, ...d } = e.data;
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
        const p = await profileAt(platform, event);
        if (!p) return;
        const message = `${fullName(p)}'s account was updated`;
        const user = userOf(p);
        platform.realtime.publish(
          hospitalId,
          { type: 'user_updated', data: { user, updatedBy: by, message } },
          TO_ADMINS,
        );
        return;
      }
      case 'StaffMemberDeactivated':
      case 'StaffMemberReactivated': {
        const p = await profileAt(platform, event);
        if (!p) return;
        const newStatus = e.type === 'StaffMemberReactivated';
        const message = `${fullName(p)} was ${newStatus ? 'activated' : 'deactivated'}`;
        platform.realtime.publish(
          hospitalId,
          { type: 'user_status_changed', data: { user: userOf(p), newStatus, updatedBy: by, message } },
          TO_ADMINS,
        );
        return;
      }
      case 'StaffMemberDeleted': {
        const p = await profileAt(platform, event);
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
