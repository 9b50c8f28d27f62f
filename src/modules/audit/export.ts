import type { RecordedEvent } from '../../platform/event-store/port';
import { hospitalDate } from '../../shared/hospital-calendar';
import { patientDetailOf, type ReplayedPatient } from '../patients';

import { changesOf, type HistoryEntry } from './patient-history';

/**
 * The data-subject export (Nigeria Data Protection Act): everything held about one patient, as
 * the record stands (a deleted record included, flagged), every vital sign and status ever
 * recorded, the clinical work (consultations, prescriptions, dispensing, lab orders and results),
 * and the trail of who changed or viewed it.
 */
export function jsonExport(
  patient: ReplayedPatient,
  events: readonly RecordedEvent[],
  clinical: readonly RecordedEvent[],
  history: readonly HistoryEntry[],
  now: Date,
  timeZone: string,
) {
  const at = (e: RecordedEvent) => ({
    time: e.metadata.occurredAt,
    by: { id: e.metadata.actor.userId, name: e.metadata.actor.name, role: e.metadata.actor.role },
  });
  return {
    exportedAt: now.toISOString(),
    format: 'hms-patient-export/1',
    patient: { ...patientDetailOf(patient.row, hospitalDate(now, timeZone)), deleted: patient.deleted },
    vitals: events
      .filter((e) => e.type === 'VitalsRecorded')
      .map((e) => ({ ...at(e), ...(e.data as { vitals: object }).vitals })),
    statusChanges: events
      .filter((e) => e.type === 'PatientStatusChanged')
      .map((e) => ({ ...at(e), ...(e.data as { from: string; to: string }) })),
    edits: events
      .filter((e) => e.type === 'PatientDetailsEdited')
      .map((e) => ({ ...at(e), changes: changesOf(e.type, e.data) })),
    /** Consultations, prescriptions, dispensing and lab work, each event as recorded, oldest first. */
    clinical: [...clinical]
      .sort((a, b) => Date.parse(a.metadata.occurredAt) - Date.parse(b.metadata.occurredAt))
      .map((e) => ({ ...at(e), type: e.type, data: e.data })),
    auditTrail: history,
  };
}
