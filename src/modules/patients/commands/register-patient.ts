import { randomUUID } from 'node:crypto';
import type { EventMetadata } from '../../../platform/event-store/port';
import { reserveUnique } from '../../../platform/event-store/unique-reservation';
import type { Platform } from '../../../platform/platform';
import { hospitalDate } from '../clinic-time';
import { patientDecider } from '../decider';
import { DuplicateIdentificationNumber, LikelyDuplicatePatient } from '../errors';
import { patientStream, type PatientDetails } from '../patient';
import { likelyDuplicates, patientFromEvent } from '../read-models/patients-queries';

/** Identification numbers are unique per hospital: the reserved value carries the hospital. */
export const PATIENT_ID_SCOPE = 'patient-id';

export const identificationClaim = (hospitalId: string, identificationNumber: string, patientId: string) => ({
  scope: PATIENT_ID_SCOPE,
  value: `${hospitalId}:${identificationNumber}`,
  ownerId: patientId,
  ownerStream: patientStream(patientId),
});

/**
 * Registers a patient as waiting, with the identification number reserved in the same commit.
 * Unless the receptionist confirmed (`allowDuplicate`), a registration that looks like a live
 * patient of the hospital is refused with the candidates first: a warning read from the list,
 * not an invariant, so two desks registering the same person at the same instant both succeed.
 */
export async function registerPatient(
  platform: Platform,
  metadata: EventMetadata,
  details: PatientDetails,
  options: { allowDuplicate?: boolean } = {},
) {
  const hospitalId = metadata.hospitalId;
  if (!options.allowDuplicate) {
    const candidates = await likelyDuplicates(platform.db, hospitalId, details);
    if (candidates.length > 0) throw new LikelyDuplicatePatient(candidates);
  }
  const patientId = randomUUID();
  const today = hospitalDate(new Date(metadata.occurredAt));
  const { value: registered } = await platform.transact(metadata, async (uow) => {
    await reserveUnique(
      uow,
      identificationClaim(hospitalId, details.identificationNumber, patientId),
      () => new DuplicateIdentificationNumber(),
    );
    const patient = await uow.load(patientDecider, patientStream(patientId), { isNew: true });
    const [event] = uow.decide(patient, { type: 'RegisterPatient', patientId, hospitalId, today, details });
    return event!;
  });
  if (registered.type !== 'PatientRegistered') throw new Error(`unexpected ${registered.type}`);
  return patientFromEvent(registered, metadata, new Date());
}
