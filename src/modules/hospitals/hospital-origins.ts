import type { Db } from '../../platform/db/database';
import type { HospitalOrigins } from '../../platform/http/device-headers';

const MAX_HOSPITALS = 10_000;

/**
 * When each hospital was registered (the directory's `registered_at`), for the platform's check of
 * an offline device's time. A registration time never changes, so a found one is kept in memory.
 */
export function hospitalOrigins(db: Db): HospitalOrigins {
  const cache = new Map<string, Date>();
  return {
    registeredAt: async (hospitalId) => {
      const hit = cache.get(hospitalId);
      if (hit) return hit;
      const row = await db
        .selectFrom('hospitals')
        .select('registered_at')
        .where('hospital_id', '=', hospitalId)
        .executeTakeFirst();
      if (!row) return null;
      if (cache.size >= MAX_HOSPITALS) cache.clear();
      cache.set(hospitalId, row.registered_at);
      return row.registered_at;
    },
  };
}
