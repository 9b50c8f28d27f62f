import type { AppModule, Platform } from '../../platform/platform';
import { hospitalOrigins } from './hospital-origins';
import { HospitalSettingsCache } from './settings-cache';
import { serveZonesFrom } from './read-models/time-zones';
import { hospitalsContracts } from './events';
import { onboardingReactor } from './reactors/onboarding';
import { tenantNamesReactor } from './reactors/tenant-names';
import { directoryProjection } from './read-models/directory';
import { registrationsProjection } from './read-models/registrations';
import { settingsProjection } from './read-models/settings';
import { hospitalRoutes } from './routes';

/**
 * Hospitals: onboarding (registration, emailed code, verification) and the hospital directory.
 * The admin's credentials, account and sessions are identity's, reached through its index.
 */
export type HospitalsOptions = {
  /** The time codes are issued and judged by (tests move it forward). */
  clock?: () => Date;
};

export function createHospitalsModule(options: HospitalsOptions = {}): AppModule {
  const clock = options.clock ?? (() => new Date());
  // One cache per running application (tests run several in one process).
  const caches = new WeakMap<Platform, HospitalSettingsCache>();
  const cacheFor = (platform: Platform) => {
    let cache = caches.get(platform);
    if (!cache) {
      caches.set(platform, (cache = new HospitalSettingsCache(platform.db)));
      const zones = cache;
      serveZonesFrom(platform.db, (hospitalId) => zones.zoneOf(hospitalId));
    }
    return cache;
  };
  return {
    name: 'hospitals',
    events: hospitalsContracts,
    projections: [registrationsProjection, directoryProjection, settingsProjection],
    reactors: (platform) => [onboardingReactor(platform), tenantNamesReactor(platform)],
    liveConsumers: (platform) => [cacheFor(platform).consumer()],
    idleTimeouts: (platform) => cacheFor(platform).timeouts,
    hospitalOrigins: (platform) => hospitalOrigins(platform.db),
    routes: (app, platform) => hospitalRoutes(app, platform, clock),
  };
}

export const hospitalsModule = createHospitalsModule();

export { hospitalsContracts } from './events';
export type * from './events';
export { changeHospitalStatus } from './commands/change-status';
export { findHospital, type HospitalSummary } from './read-models/directory';
export { findSettings, type SettingsView } from './read-models/settings';
export { STATE_CODES } from './registration-rules';
export { ONBOARDING } from './reactors/onboarding';
export { hospitalZones, hospitalTimeZone, hospitalToday } from './read-models/time-zones';
