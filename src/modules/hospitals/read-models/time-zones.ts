import type { Db } from '../../../platform/db/database';
import { DEFAULT_TIME_ZONE, hospitalDate } from '../../../shared/hospital-calendar';

/** Where a running server keeps its hospitals' zones: its settings cache, by the server's Db. */
const cachedZones = new WeakMap<Db, (hospitalId: string) => Promise<string>>();

/** The running server's zones for `db` come from its settings cache (settings-cache.ts). */
export function serveZonesFrom(db: Db, zoneOf: (hospitalId: string) => Promise<string>): void {
  cachedZones.set(db, zoneOf);
}

/**
 * The hospital's time zone (Settings) for the modules that reckon its days: billing days, pharmacy
 * report periods, lab days, audit days, "today" on the dashboards. Read from the settings read model
 * (a transaction works too: a projection reads it beside its own writes), or, given the server's
 * own Db, from its settings cache, which the feed keeps current (every list read asks). A row that
 * is not there yet is the default zone.
 */
export async function hospitalTimeZone(db: Db, hospitalId: string): Promise<string> {
  const cached = cachedZones.get(db);
  if (cached) return cached(hospitalId);
  const row = await db
    .selectFrom('hospital_settings')
    .select('time_zone')
    .where('hospital_id', '=', hospitalId)
    .executeTakeFirst();
  return row?.time_zone ?? DEFAULT_TIME_ZONE;
}

/** The hospital's calendar date (YYYY-MM-DD) at `at` (now by default). */
export async function hospitalToday(db: Db, hospitalId: string, at: Date = new Date()): Promise<string> {
  return hospitalDate(at, await hospitalTimeZone(db, hospitalId));
}

/**
 * A projection's batch may carry many events of few hospitals: each hospital's zone is read once.
 * `dayOf(hospitalId, at)` is the hospital's calendar date of the instant.
 */
export function hospitalZones(db: Db): {
  zoneOf: (hospitalId: string) => Promise<string>;
  dayOf: (hospitalId: string, at: Date | string) => Promise<string>;
} {
  const zones = new Map<string, Promise<string>>();
  const zoneOf = (hospitalId: string) => {
    let zone = zones.get(hospitalId);
    if (!zone) zones.set(hospitalId, (zone = hospitalTimeZone(db, hospitalId)));
    return zone;
  };
  return { zoneOf, dayOf: async (hospitalId, at) => hospitalDate(at, await zoneOf(hospitalId)) };
}
