import type { EventMetadata } from '../../../platform/event-store/port';
import { WrongExpectedRevision, type RecordedEvent } from '../../../platform/event-store/port';
import { releaseUnique, reserveUnique } from '../../../platform/event-store/unique-reservation';
import type { UnitOfWork } from '../../../platform/event-store/unit-of-work';
import type { Platform } from '../../../platform/platform';
import { hospitalToday } from '../../hospitals';
import { moveDuplicateKeys, releaseDuplicateKeys } from '../duplicate-keys';
import { patientDecider, type PatientCommand } from '../decider';
import { DuplicateIdentificationNumber, PatientNotFound, StalePatientVersion } from '../errors';
import { patientStream, type PatientDetails, type PatientState, type PatientStatus, type VitalSigns } from '../patient';
import { PATIENTS_LIST } from '../read-models/patients-list';
import { findPatient, type PatientDetailView } from '../read-models/patients-queries';
import { identificationClaim } from './register-patient';

type Registered = Extract<PatientState, { status: 'registered' }>;

/**
 * One command on a patient's stream, with `expectedVersion` (what the client last saw) pinned
 * when given: a stale version answers 409 with the record as it now stands, never overwrites it.
 * `alsoStage` adds the identification reservations to the same commit. The answer is the record
 * from the patient list, which the inline projection updated in that very commit.
 */
async function onPatient(
  platform: Platform,
  metadata: EventMetadata,
  patientId: string,
  command: PatientCommand,
  expectedVersion: number | undefined,
  alsoStage?: (uow: UnitOfWork, before: Registered, after: PatientState) => Promise<void>,
): Promise<PatientDetailView | null> {
  const stream = patientStream(patientId);
  try {
    await platform.transact(
      metadata,
      async (uow) => {
        const patient = await uow.load(patientDecider, stream, { expectedVersion });
        const before = patient.state;
        const events = uow.decide(patient, command);
        if (events.length > 0 && alsoStage) await alsoStage(uow, before as Registered, patient.state);
      },
      { waitFor: [{ name: PATIENTS_LIST }] },
    );
  } catch (e) {
    if (e instanceof WrongExpectedRevision && e.stream === stream && expectedVersion !== undefined) {
      const current = await findPatient(platform.db, metadata.hospitalId, patientId, new Date());
      if (!current) throw new PatientNotFound();
      throw new StalePatientVersion({ ...current, ...lastStatusChange(await platform.store.readStream(stream)) });
    }
    throw e;
  }
  return findPatient(platform.db, metadata.hospitalId, patientId, new Date());
}

/**
 * Who set the patient's status last, and when (on the device, for a change made offline): what a
 * stale client is shown beside its own change. Registration sets the first status.
 */
export function lastStatusChange(events: readonly RecordedEvent[]) {
  const last = events.findLast((e) => e.type === 'PatientStatusChanged' || e.type === 'PatientRegistered');
  if (!last) return { changedBy: null, changedAt: null };
  const { actor, deviceTime, occurredAt } = last.metadata;
  const person = actor && actor.role !== 'system' && actor.role !== 'anonymous';
  return {
    changedBy: person ? { id: actor.userId, name: actor.name } : null,
    changedAt: deviceTime ?? occurredAt,
  };
}

const found = (p: PatientDetailView | null) => {
  if (!p) throw new PatientNotFound();
  return p;
};

/**
 * Edits registration fields; a new identification number moves its reservation, new names, birth
 * date or phone move the likely-duplicate keys, in the same commit.
 */
export async function editPatient(
  platform: Platform,
  metadata: EventMetadata,
  patientId: string,
  changes: Partial<PatientDetails>,
  version: number,
) {
  const { hospitalId } = metadata;
  const today = await hospitalToday(platform.db, hospitalId, new Date(metadata.occurredAt));
  const command: PatientCommand = { type: 'EditPatientDetails', patientId, hospitalId, today, changes };
  return found(
    await onPatient(platform, metadata, patientId, command, version, async (uow, before, after) => {
      if (after.status !== 'registered') return;
      await moveDuplicateKeys(uow, hospitalId, patientId, before.details, after.details);
      const from = before.details.identificationNumber;
      const to = after.details.identificationNumber;
      if (from === to) return;
      await reserveUnique(
        uow,
        identificationClaim(hospitalId, to, patientId),
        () => new DuplicateIdentificationNumber(),
      );
      await releaseUnique(uow, identificationClaim(hospitalId, from, patientId));
    }),
  );
}

export async function changePatientStatus(
  platform: Platform,
  metadata: EventMetadata,
  patientId: string,
  status: PatientStatus,
  version?: number,
) {
  const command: PatientCommand = { type: 'ChangePatientStatus', patientId, hospitalId: metadata.hospitalId, status };
  return found(await onPatient(platform, metadata, patientId, command, version));
}

export async function recordVitals(platform: Platform, metadata: EventMetadata, patientId: string, vitals: VitalSigns) {
  const command: PatientCommand = { type: 'RecordVitals', patientId, hospitalId: metadata.hospitalId, vitals };
  return found(await onPatient(platform, metadata, patientId, command, undefined));
}

/**
 * What a consultation changes on the patient, staged into the consultation's own commit: the status
 * where the work now is and, when taken, the vitals (already checked against these rules by the
 * consultation's schema). One commit, so the doctor's answer waits for no reactor and the patient
 * list, applied inline, is current when it arrives.
 */
export async function stageConsultationOutcome(
  uow: UnitOfWork,
  patientId: string,
  outcome: { status: PatientStatus; vitals: VitalSigns | null },
): Promise<void> {
  const { hospitalId } = uow.metadata;
  const patient = await uow.load(patientDecider, patientStream(patientId));
  uow.decide(patient, { type: 'ChangePatientStatus', patientId, hospitalId, status: outcome.status });
  if (outcome.vitals) uow.decide(patient, { type: 'RecordVitals', patientId, hospitalId, vitals: outcome.vitals });
}

/**
 * The status a clinical step moves the patient to (results in: 'test complete'), staged into that
 * step's own commit. A patient deleted since the order is left alone (false), and a patient already
 * at that status records nothing, as a separate status command would.
 */
export async function stagePatientStatus(uow: UnitOfWork, patientId: string, status: PatientStatus): Promise<boolean> {
  const { hospitalId } = uow.metadata;
  const patient = await uow.load(patientDecider, patientStream(patientId));
  if (patient.state.status !== 'registered' || patient.state.hospitalId !== hospitalId) return false;
  uow.decide(patient, { type: 'ChangePatientStatus', patientId, hospitalId, status });
  return true;
}

/** Admits the patient to a ward; 409 while an earlier admission has not ended in a discharge. */
export async function admitPatient(
  platform: Platform,
  metadata: EventMetadata,
  patientId: string,
  admission: { ward: string; reason: string | null },
) {
  const command: PatientCommand = { type: 'AdmitPatient', patientId, hospitalId: metadata.hospitalId, ...admission };
  return found(await onPatient(platform, metadata, patientId, command, undefined));
}

/** The record leaves the lists; its identification number and likely-duplicate keys are free again; the stream stays. */
export async function deletePatient(platform: Platform, metadata: EventMetadata, patientId: string) {
  const { hospitalId } = metadata;
  const command: PatientCommand = { type: 'DeletePatientRecord', patientId, hospitalId };
  await onPatient(platform, metadata, patientId, command, undefined, async (uow, before) => {
    await releaseUnique(uow, identificationClaim(hospitalId, before.details.identificationNumber, patientId));
    await releaseDuplicateKeys(uow, hospitalId, patientId, before.details);
  });
}
