import { randomUUID } from 'node:crypto';
import type { EventMetadata } from '../../../platform/event-store/port';
import { reserveUnique } from '../../../platform/event-store/unique-reservation';
import type { UnitOfWork } from '../../../platform/event-store/unit-of-work';
import type { Platform } from '../../../platform/platform';
import { hospitalDate } from '../../../shared/hospital-calendar';
import { hospitalTimeZone } from '../../hospitals';
import { patientDecider } from '../decider';
import { claimDuplicateKeys } from '../duplicate-keys';
import { DuplicateIdentificationNumber, LikelyDuplicatePatient } from '../errors';
import { patientStream, type PatientDetails } from '../patient';
import { PATIENTS_LIST } from '../read-models/patients-list';
import { likelyDuplicates, liveCandidates, patientFromEvent } from '../read-models/patients-queries';

/** Identification numbers are unique per hospital: the reserved value carries the hospital. */
export const PATIENT_ID_SCOPE = 'patient-id';

export const identificationClaim = (hospitalId: string, identificationNumber: string, patientId: string) => ({
  scope: PATIENT_ID_SCOPE,
  value: `${hospitalId}:${identificationNumber}`,
  ownerId: patientId,
  ownerStream: patientStream(patientId),
});

/**
 * Registers a patient as waiting, with the identification number reserved and the likely-duplicate
 * keys claimed in the same commit. Unless the receptionist confirmed (`allowDuplicate`), a key a
 * live patient of the hospital holds refuses the registration with the candidates, and that is
 * decided by the commit: of two desks registering the same person at the same instant, one
 * registers and the other is shown the first. The keys are checked first, so a likely duplicate
 * that also repeats an identification number answers with its candidates.
 */
export async function registerPatient(
  platform: Platform,
  metadata: EventMetadata,
  details: PatientDetails,
  options: { allowDuplicate?: boolean; patientId?: string } = {},
) {
  const hospitalId = metadata.hospitalId;
  if (!options.allowDuplicate && !platform.store.atomicMultiStream) {
    // EventStoreDB: patients registered before the keys existed have none (migration 0019 backfills
    // only the PostgreSQL store), so the list is asked too; the keys still decide a race.
    const candidates = await likelyDuplicates(platform.db, hospitalId, details);
    if (candidates.length > 0) throw new LikelyDuplicatePatient(candidates);
  }
  // A client-chosen id (offline registration) may be taken: its stream is read if the commit says so.
  const patientId = options.patientId ?? randomUUID();
  const fresh = options.patientId ? { assumeNew: true } : { isNew: true };
  const timeZone = await hospitalTimeZone(platform.db, hospitalId);
  const today = hospitalDate(new Date(metadata.occurredAt), timeZone);
  const { value: registered } = await platform.transact(metadata, async (uow) => {
    await claimDuplicateKeys(
      uow,
      (ids) => candidatesAmong(platform, uow, hospitalId, ids),
      hospitalId,
      patientId,
      details,
      { confirmed: options.allowDuplicate === true },
    );
    await reserveUnique(
      uow,
      identificationClaim(hospitalId, details.identificationNumber, patientId),
      () => new DuplicateIdentificationNumber(),
    );
    const patient = await uow.load(patientDecider, patientStream(patientId), fresh);
    const [event] = uow.decide(patient, { type: 'RegisterPatient', patientId, hospitalId, today, details });
    return event!;
  });
  if (registered.type !== 'PatientRegistered') throw new Error(`unexpected ${registered.type}`);
  return patientFromEvent(registered, metadata, new Date(), timeZone);
}

/**
 * The holders of a key as candidates, from the patient list. On PostgreSQL the list is written in
 * the commits that claimed the keys; on EventStoreDB it follows the feed, so it is brought up to
 * the store's head first.
 */
async function candidatesAmong(platform: Platform, uow: UnitOfWork, hospitalId: string, ids: string[]) {
  if (!uow.atomic) await platform.waitFor(await platform.store.headPosition(), [{ name: PATIENTS_LIST }]);
  return liveCandidates(platform.db, hospitalId, ids);
}
