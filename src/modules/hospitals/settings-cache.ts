import type { Db } from '../../platform/db/database';
import { isEvent } from '../../platform/event-store/contracts';
import type { RecordedEvent } from '../../platform/event-store/port';
import type { IdleTimeouts } from '../../platform/http/auth';
import type { FeedConsumerRef } from '../../platform/projections/projection';
import type { LiveConsumer } from '../../platform/projections/runner';
import type { HospitalSettingsChanged } from './events';
import { SETTINGS_DEFAULTS } from './settings';

/** The cache's live consumer: a settings save may wait for it, to have the time-out in force. */
export const IDLE_TIMEOUTS: FeedConsumerRef = { name: 'hospitals-idle-timeouts' };

const MAX_HOSPITALS = 10_000;

/**
 * Each hospital's idle time-out (Settings) for the server's session check (identity, through the
 * platform: identity depends on no other module). Read once per hospital and kept in memory; a
 * HospitalSettingsChanged reaching this process sets the new value, so a save is in force on the
 * next request. A read that started before such an event is not cached (the generation check).
 */
export class IdleTimeoutCache {
  private readonly cache = new Map<string, number>();
  private generation = 0;

  constructor(private readonly db: Db) {}

  readonly timeouts: IdleTimeouts = {
    minutesOf: async (hospitalId) => {
      const hit = this.cache.get(hospitalId);
      if (hit !== undefined) return hit;
      const generation = this.generation;
      const row = await this.db
        .selectFrom('hospital_settings')
        .select('idle_timeout_minutes')
        .where('hospital_id', '=', hospitalId)
        .executeTakeFirst();
      const minutes = row?.idle_timeout_minutes ?? SETTINGS_DEFAULTS.idleTimeoutMinutes;
      if (generation === this.generation) this.remember(hospitalId, minutes);
      return minutes;
    },
  };

  private remember(hospitalId: string, minutes: number): void {
    if (!this.cache.has(hospitalId) && this.cache.size >= MAX_HOSPITALS) {
      this.cache.delete(this.cache.keys().next().value!);
    }
    this.cache.set(hospitalId, minutes);
  }

  consumer(): LiveConsumer {
    return {
      name: IDLE_TIMEOUTS.name,
      handle: (events: RecordedEvent[]) => {
        for (const e of events) {
          if (!isEvent<HospitalSettingsChanged>(e, 'HospitalSettingsChanged')) continue;
          const { hospitalId, settings } = e.data;
          this.generation++;
          this.remember(hospitalId, settings.idleTimeoutMinutes);
        }
      },
    };
  }
}
