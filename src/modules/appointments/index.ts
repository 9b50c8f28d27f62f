import type { AppModule } from '../../platform/platform';
import { appointmentsContracts } from './events';
import { checkInStatusReactor, consultationLinkReactor } from './reactors/check-in';
import { daySweep } from './reactors/day-sweep';
import { appointmentsProjection } from './read-models/appointments';
import { appointmentRoutes } from './routes';

/**
 * The appointment book (issue 24): book, reschedule, cancel, check in (the patient becomes
 * Waiting), no-shows at the end of the day and reminders the day before.
 */
export { appointmentsContracts } from './events';
export type * from './events';
export { appointmentStream } from './appointment';
export { APPOINTMENTS } from './read-models/appointments';

export type AppointmentsOptions = {
  /** The time the routes and the sweep reckon by: "today", a slot already past, the check-in day (tests set it). */
  clock?: () => Date;
  /** How often the sweep (no-shows, reminders) runs. */
  sweepIntervalMs?: number;
  /** The SMS gateway's HTTP client (tests pass a mock). */
  fetch?: typeof fetch;
};

export function createAppointmentsModule(options: AppointmentsOptions = {}): AppModule {
  const clock = options.clock ?? (() => new Date());
  return {
    name: 'appointments',
    events: appointmentsContracts,
    routes: (app, platform) => appointmentRoutes(app, platform, clock),
    projections: [appointmentsProjection],
    reactors: (platform) => [checkInStatusReactor(platform), consultationLinkReactor(platform)],
    background: (platform) =>
      daySweep(platform, { clock, intervalMs: options.sweepIntervalMs ?? 60_000, fetch: options.fetch }),
  };
}

export const appointmentsModule = createAppointmentsModule();
