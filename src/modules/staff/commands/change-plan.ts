import type { EventMetadata } from '../../../platform/event-store/port';
import type { Platform } from '../../../platform/platform';
import { directoryDecider, directoryStream } from '../directory';
import type { PlanCode } from '../plans';
import { hospitalPlansProjection, registeredPlan } from '../read-models/hospital-plans';
import { SEAT_RETRIES } from './create-staff-member';

/** Moves the hospital to another plan; the seat limit follows at once (it is decided on the directory stream). */
export async function changePlan(platform: Platform, metadata: EventMetadata, plan: PlanCode) {
  const hospitalId = metadata.hospitalId;
  return platform.execute(
    directoryDecider,
    directoryStream(hospitalId),
    { type: 'ChangePlan', hospitalId, plan, registeredPlan: await registeredPlan(platform.db, hospitalId) },
    metadata,
    // The users page shows the plan from this read model: the next request sees the change.
    { retries: SEAT_RETRIES, waitFor: [hospitalPlansProjection] },
  );
}
