import type { RecordedEvent } from '../../../platform/event-store/port';
import { hospitalDate } from '../../../shared/hospital-calendar';
import type { PatientEvent } from '../patient';
import { actorOf, admissionOf, registeredRow, type PatientRow, type StoredVitals } from './patients-list';
import { toDetail, type PatientDetailView } from './patients-queries';

/**
 * The patient record rebuilt from its stream alone: the same row the patient-list projection
 * keeps, folded in memory from the events that had happened by an instant. Point-in-time replay
 * (GET /api/patients/:id?asOf=…) and the data-subject export answer from it, so a record can be
 * shown as it stood when a decision was taken, a deleted one included.
 */
export type ReplayedPatient = { row: PatientRow; deleted: boolean };

const occurred = (e: RecordedEvent) => Date.parse(e.metadata.occurredAt);

/** Folds one event into the row, exactly as the projection's handlers change it. */
export function foldPatientRow(
  state: ReplayedPatient | null,
  event: RecordedEvent<PatientEvent>,
  timeZone: string,
): ReplayedPatient | null {
  const at = new Date(event.metadata.occurredAt);
  const touch = { version: Number(event.revision) + 1, updated_at: at };
  if (event.type === 'PatientRegistered') {
    if (state) return state;
    const d = event.data;
    return { deleted: false, row: registeredRow(d, at, touch.version, actorOf(event.metadata), timeZone) };
  }
  if (!state || state.deleted) return state;
  const row = { ...state.row, ...touch };
  switch (event.type) {
    case 'PatientDetailsEdited': {
      const c = event.data.changes;
      return {
        deleted: false,
        row: {
          ...row,
          ...(c.firstName !== undefined && { first_name: c.firstName }),
          ...(c.lastName !== undefined && { last_name: c.lastName }),
          ...(c.dateOfBirth !== undefined && { date_of_birth: c.dateOfBirth }),
          ...(c.gender !== undefined && { gender: c.gender }),
          ...(c.phoneNumber !== undefined && { phone_number: c.phoneNumber }),
          ...(c.address !== undefined && { address: c.address }),
          ...(c.identificationNumber !== undefined && { identification_number: c.identificationNumber }),
          ...(c.emergencyContactName !== undefined && { emergency_contact_name: c.emergencyContactName }),
          ...(c.emergencyContactRelationship !== undefined && {
            emergency_contact_relationship: c.emergencyContactRelationship,
          }),
          ...(c.emergencyContactPhone !== undefined && { emergency_contact_phone: c.emergencyContactPhone }),
        },
      };
    }
    case 'PatientStatusChanged':
      return {
        deleted: false,
        row: {
          ...row,
          status: event.data.to,
          ever_seen: row.ever_seen || event.data.to === 'seen',
          admission: event.data.to === 'discharged' ? null : row.admission,
        },
      };
    case 'VitalsRecorded': {
      const { actor, occurredAt } = event.metadata;
      const vitals: StoredVitals = {
        ...event.data.vitals,
        recordedAt: occurredAt,
        recordedBy: { id: actor.userId, name: actor.name },
      };
      return { deleted: false, row: { ...row, vitals } };
    }
    case 'PatientAdmitted':
      return {
        deleted: false,
        row: { ...row, admission: admissionOf(event.data, event.metadata.actor, event.metadata.occurredAt) },
      };
    case 'PatientRecordDeleted':
      return { deleted: true, row: { ...row, deleted_at: at } };
    default:
      return state;
  }
}

/** The stream folded up to and including `asOf` (every event when null). */
export function replayPatient(
  events: readonly RecordedEvent[],
  asOf: Date | null,
  timeZone: string,
): ReplayedPatient | null {
  const limit = asOf ? asOf.getTime() : Infinity;
  let state: ReplayedPatient | null = null;
  for (const e of events) {
    if (occurred(e) > limit) break;
    state = foldPatientRow(state, e as RecordedEvent<PatientEvent>, timeZone);
  }
  return state;
}

/**
 * The detail answer as GET /api/patients/:id gave it at `asOf` (ages reckoned on that day), or
 * null when the patient did not exist yet or was already deleted then.
 */
export function patientDetailAsOf(
  events: readonly RecordedEvent[],
  asOf: Date,
  timeZone: string,
): PatientDetailView | null {
  const replayed = replayPatient(events, asOf, timeZone);
  if (!replayed || replayed.deleted) return null;
  return toDetail(replayed.row, hospitalDate(asOf, timeZone));
}
