import type { Db } from '../../platform/db/database';
import { isEvent } from '../../platform/event-store/contracts';
import type { RecordedEvent } from '../../platform/event-store/port';
import type { IdleTimeouts } from '../../platform/http/auth';
import type { FeedConsumerRef } from '../../platform/projections/projection';
import type { LiveConsumer } from '../../platform/projections/runner';
import type { HospitalSettingsChanged } from './events';
import { SETTINGS_DEFAULTS } from './settings';

/** The cache's live consumer: a settings save waits for it, to have the time-out and zone in force. */
export const SETTINGS_CACHE: FeedConsumerRef = { name: 'hospitals-settings-cache' };

const MAX_HOSPITALS = 10_000;

type Cached = { minutes: number; zone: string };

/**
 * Each hospital's idle time-out and time zone (Settings), read once per hospital and kept in
 * memory: the server's session check (identity, through the platform: identity depends on no other
 * module) asks for the time-out on every request, and every list read of patients asks for the
 * zone (ages, "today"). A HospitalSettingsChanged reaching this process through the feed, whichever
 * server wrote it, sets the new values, so a save is in force on the next request here and within
 * the feed's notification on the others. A read that started before such an event is not cached
 * (the generation check), so a stale value cannot outlive the event that replaced it; nothing is
 * kept while the consumer does not follow the feed (a tool that runs no projections reads each time).
 */
export class HospitalSettingsCache {
  private readonly cache = new Map<string, Cached>();
  private readonly reading = new Map<string, Promise<Cached>>();
  private generation = 0;
  /** Whether the consumer follows the feed: only then can a value be kept (see `following`). */
  private live = false;

  constructor(private readonly db: Db) {}

  readonly timeouts: IdleTimeouts = {
    minutesOf: async (hospitalId) => (await this.of(hospitalId)).minutes,
  };

  /** The hospital's time zone (the default where nothing was saved). */
  async zoneOf(hospitalId: string): Promise<string> {
    return (await this.of(hospitalId)).zone;
  }

  private of(hospitalId: string): Promise<Cached> | Cached {
    const hit = this.cache.get(hospitalId);
    if (hit !== undefined) return hit;
    // Requests of one hospital arriving together share the one read.
    const shared = this.reading.get(hospitalId);
    if (shared) return shared;
    const generation = this.generation;
    const keep = this.live;
    const read: Promise<Cached> = this.db
      .selectFrom('hospital_settings')
      .select(['idle_timeout_minutes', 'time_zone'])
      .where('hospital_id', '=', hospitalId)
      .executeTakeFirst()
      .then((row) => {
        const found = {
          minutes: row?.idle_timeout_minutes ?? SETTINGS_DEFAULTS.idleTimeoutMinutes,
          zone: row?.time_zone ?? SETTINGS_DEFAULTS.timeZone,
        };
        if (keep && this.live && generation === this.generation) this.remember(hospitalId, found);
        return found;
      })
      .finally(() => {
        if (this.reading.get(hospitalId) === read) this.reading.delete(hospitalId);
      });
    this.reading.set(hospitalId, read);
    return read;
  }

  private remember(hospitalId: string, value: Cached): void {
    if (!this.cache.has(hospitalId) && this.cache.size >= MAX_HOSPITALS) {
      this.cache.delete(this.cache.keys().next().value!);
    }
    this.cache.set(hospitalId, value);
  }

  consumer(): LiveConsumer {
    return {
      name: SETTINGS_CACHE.name,
      types: ['HospitalSettingsChanged'],
      // A value read before the consumer follows the feed may miss a change it will never see.
      following: (yes) => {
        this.live = yes;
        this.generation++;
        this.cache.clear();
        this.reading.clear();
      },
      handle: (events: RecordedEvent[]) => {
        for (const e of events) {
          if (!isEvent<HospitalSettingsChanged>(e, 'HospitalSettingsChanged')) continue;
          const { hospitalId, settings } = e.data;
          this.generation++;
          // A read in flight began before this event: it may hold the old values, and is not shared on.
          this.reading.delete(hospitalId);
          if (this.live) this.remember(hospitalId, { minutes: settings.idleTimeoutMinutes, zone: settings.timeZone });
        }
      },
    };
  }
}
