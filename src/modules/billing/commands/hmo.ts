import { randomUUID } from 'node:crypto';
import type { EventMetadata } from '../../../platform/event-store/port';
import { reserveUnique } from '../../../platform/event-store/unique-reservation';
import type { Platform } from '../../../platform/platform';
import { findPatient, PatientNotFound } from '../../patients';
import { HmoCodeTaken, HmoInactive, HmoNotFound } from '../errors';
import type { Coverage } from '../events';
import { enrollmentDecider, enrollmentStream, hmoDecider, hmoStream } from '../hmo-deciders';
import { BILLING_HMO } from '../read-models/hmo';
import { enrollmentOf, findHmo } from '../read-models/hmo-queries';

const WAIT = { waitFor: [{ name: BILLING_HMO }] };

export type HmoInput = { name: string; code: string; contact: string | null; coverage: Coverage; active: boolean };

/** Creates a provider (its code unique in the hospital) or edits one (`hmoId`); answers it as saved. */
export async function saveHmo(platform: Platform, metadata: EventMetadata, input: HmoInput, hmoId?: string) {
  const { hospitalId } = metadata;
  const id = hmoId ?? randomUUID();
  await platform.transact(
    metadata,
    async (uow) => {
      const hmo = await uow.load(hmoDecider, hmoStream(id), { isNew: !hmoId });
      uow.decide(hmo, { type: 'SaveHmo', edit: Boolean(hmoId), hmo: { hmoId: id, hospitalId, ...input } });
      if (!hmoId) {
        await reserveUnique(
          uow,
          { scope: `billing-hmo-code-${hospitalId}`, value: input.code, ownerId: id },
          () => new HmoCodeTaken(input.code),
        );
      }
    },
    WAIT,
  );
  return (await findHmo(platform.db, hospitalId, id))!;
}

/** Enrolls a patient of the hospital with an active HMO of the hospital (or moves them to another). */
export async function enrollPatient(
  platform: Platform,
  metadata: EventMetadata,
  patientId: string,
  input: { hmoId: string; enrolleeNumber: string },
) {
  const { hospitalId } = metadata;
  const [patient, hmo] = await Promise.all([
    findPatient(platform.db, hospitalId, patientId, new Date()),
    findHmo(platform.db, hospitalId, input.hmoId),
  ]);
  if (!patient) throw new PatientNotFound();
  if (!hmo) throw new HmoNotFound();
  if (!hmo.active) throw new HmoInactive();
  await platform.execute(
    enrollmentDecider,
    enrollmentStream(patient.id),
    {
      type: 'Enroll',
      enrollment: {
        patientId: patient.id,
        hospitalId,
        patientName: patient.name,
        hmoId: hmo.id,
        hmoName: hmo.name,
        enrolleeNumber: input.enrolleeNumber,
      },
    },
    metadata,
    WAIT,
  );
  return enrollmentOf(platform.db, hospitalId, patient.id);
}

export async function endEnrollment(platform: Platform, metadata: EventMetadata, patientId: string) {
  const patient = await findPatient(platform.db, metadata.hospitalId, patientId, new Date());
  if (!patient) throw new PatientNotFound();
  await platform.execute(
    enrollmentDecider,
    enrollmentStream(patient.id),
    { type: 'EndEnrollment', hospitalId: metadata.hospitalId },
    metadata,
    WAIT,
  );
}
