import type { Platform } from '../../../platform/platform';
import { defineReactor, type FeedConsumerRef, type Reactor } from '../../../platform/projections/projection';
import { closeAccount } from '../../identity';
import { SEAT_RETRIES } from '../commands/create-staff-member';
import { directoryDecider, directoryStream } from '../directory';
import type { StaffMemberDeleted } from '../events';

export const SEAT_RELEASE: FeedConsumerRef = { name: 'staff-seat-release' };

/**
 * After a deletion: the member's seat under the plan is freed, then their account closed and its
 * email freed for another account. Two commits, each idempotent, so a crash between them (or
 * before this reactor's checkpoint) is finished by the replay.
 */
export function seatReleaseReactor(platform: Platform): Reactor {
  return defineReactor<StaffMemberDeleted>({
    name: SEAT_RELEASE.name,
    handles: ['StaffMemberDeleted'],
    react: async (event) => {
      const { userId } = event.data;
      const metadata = { ...event.metadata, causationId: event.id, occurredAt: new Date().toISOString() };
      await platform.execute(
        directoryDecider,
        directoryStream(event.metadata.hospitalId),
        { type: 'ReleaseSeat', userId },
        metadata,
        { retries: SEAT_RETRIES },
      );
      await closeAccount(platform, userId, metadata);
    },
  });
}
