import { metadataFor } from '../../platform/event-store/metadata';
import type { Actor } from '../../platform/event-store/port';
import type { AppModule, Platform } from '../../platform/platform';
import { ACCOUNTS_PROJECTION } from '../identity';
import { hospitalDecider, hospitalStream, type HospitalStatus } from './hospital';
import { directoryProjection, DIRECTORY_PROJECTION } from './read-models/directory';
import { registrationsProjection } from './read-models/registrations';
import { hospitalRoutes } from './routes';

/**
 * Hospitals: onboarding (registration, emailed code, verification) and the hospital directory.
 * Verification creates the admin account and first session through identity's public surface.
 */
export type HospitalsOptions = {
  /** The time codes are issued and judged by (tests move it forward). */
  clock?: () => Date;
};

export function createHospitalsModule(options: HospitalsOptions = {}): AppModule {
  const clock = options.clock ?? (() => new Date());
  return {
    name: 'hospitals',
    projections: [registrationsProjection, directoryProjection],
    routes: (app, platform) => hospitalRoutes(app, platform, clock),
  };
}

export const hospitalsModule = createHospitalsModule();

/**
 * Suspends or re-activates a hospital. No route offers it yet (it is an operator's decision);
 * an inactive hospital's users cannot sign in and their sessions stop working.
 */
export async function changeHospitalStatus(
  platform: Platform,
  args: { hospitalId: string; status: HospitalStatus; reason: string; actor?: Actor },
): Promise<void> {
  await platform.execute(
    hospitalDecider,
    hospitalStream(args.hospitalId),
    { type: 'ChangeHospitalStatus', hospitalId: args.hospitalId, status: args.status, reason: args.reason },
    metadataFor({ hospitalId: args.hospitalId, actor: args.actor }),
    { readModels: [DIRECTORY_PROJECTION, ACCOUNTS_PROJECTION] },
  );
}

export { findHospital, type HospitalSummary } from './read-models/directory';
export { STATE_CODES } from './registration-rules';
export type { HospitalEvent, HospitalRegistered, HospitalStatusChanged, HospitalStatus } from './hospital';
export type {
  RegistrationEvent,
  HospitalRegistrationSubmitted,
  VerificationCodeIssued,
  VerificationFailed,
  VerificationCodeVoided,
  EmailVerified,
} from './registration';
