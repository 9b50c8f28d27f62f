import type { Selectable } from 'kysely';
import type { Database } from '../../../platform/db/database';
import type { RecordedEvent } from '../../../platform/event-store/port';
import type { ConsultationEvent, ConsultationRecorded, PrescriptionDispensed } from '../events';

/**
 * A consultation's row as each event makes or changes it, and the doctor's view of a row: one
 * mapping for the projection (which writes the row), the point-in-time replay (which folds it in
 * memory from the stream up to an instant) and the list both answer with.
 */
export type ConsultationRow = Selectable<Database['consultations']>;
type StoredMedication = ConsultationRow['medications'][number];

const versionAfter = (event: RecordedEvent) => Number(event.revision) + 1;

export function recordedRow(event: RecordedEvent<ConsultationRecorded>): ConsultationRow {
  const d = event.data;
  return {
    consultation_id: d.consultationId,
    hospital_id: d.hospitalId,
    patient_id: d.patientId,
    patient_name: d.patientName,
    doctor_id: d.doctor.id,
    doctor_name: d.doctor.name,
    primary_diagnosis: d.primaryDiagnosis,
    recorded_at: new Date(event.metadata.occurredAt),
    record: d,
    medications: d.prescriptions.map((p) => ({ ...p, dispensed: false, dispensedAt: null })),
    has_pending: d.prescriptions.length > 0,
    version: versionAfter(event),
  };
}

/** The medications once a dispensing's items are handed out. */
export function dispensedMedications(medications: StoredMedication[], event: RecordedEvent<PrescriptionDispensed>) {
  const done = new Set(event.data.items.map((i) => i.index));
  return medications.map((m, i) =>
    done.has(i) ? { ...m, dispensed: true, dispensedAt: event.metadata.occurredAt } : m,
  );
}

/** The consultation's row as it stood at `asOf` (its events that had happened by then), or null. */
export function replayConsultation(events: readonly RecordedEvent[], asOf: Date): ConsultationRow | null {
  const fold = (row: ConsultationRow | null, e: RecordedEvent<ConsultationEvent>): ConsultationRow | null => {
    if (e.type === 'ConsultationRecorded') return row ?? recordedRow(e);
    if (!row) return row;
    if (e.type !== 'PrescriptionDispensed') return { ...row, version: versionAfter(e) };
    const medications = dispensedMedications(row.medications, e);
    return { ...row, medications, has_pending: medications.some((m) => !m.dispensed), version: versionAfter(e) };
  };
  let row: ConsultationRow | null = null;
  for (const e of events as readonly RecordedEvent<ConsultationEvent>[]) {
    if (Date.parse(e.metadata.occurredAt) > asOf.getTime()) break;
    row = fold(row, e);
  }
  return row;
}

export const medicationView = (m: StoredMedication, index: number) => ({
  index,
  name: m.medicationName,
  medicationName: m.medicationName,
  medicationId: m.medicationId ?? null,
  dosage: m.dosage,
  frequency: m.frequency,
  duration: m.duration,
  instructions: m.instructions,
  quantity: m.quantity,
  dispensed: m.dispensed,
  dispensedAt: m.dispensedAt,
});

/** One consultation as the doctor's records show it (lab orders are joined by the caller). */
export function consultationView(r: Pick<ConsultationRow, 'record' | 'recorded_at' | 'medications'>) {
  const c = r.record;
  const [firstName = '', ...rest] = c.doctor.name.split(' ');
  const at = new Date(r.recorded_at).toISOString();
  return {
    id: c.consultationId,
    consultationDate: at,
    createdAt: at,
    patientId: c.patientId,
    patientName: c.patientName,
    doctor: { id: c.doctor.id, name: c.doctor.name, firstName, lastName: rest.join(' ') },
    chiefComplaint: c.chiefComplaint,
    historyOfPresentIllness: c.historyOfPresentIllness,
    physicalExamination: c.physicalExamination,
    primaryDiagnosis: c.primaryDiagnosis,
    treatmentPlan: c.treatmentPlan,
    doctorNotes: c.doctorNotes,
    vitals: c.vitals,
    prescriptions: r.medications.map(medicationView),
    billing: {
      currency: 'NGN' as const,
      consultationFee: c.billing.consultationFeeKobo / 100,
      additionalCharges: c.billing.additionalCharges.map((a) => ({
        description: a.description,
        amount: a.amountKobo / 100,
      })),
      totalAmount: c.billing.totalAmountKobo / 100,
    },
    followUpRequired: c.followUp.required,
    followUpDate: c.followUp.date,
    followUpInstructions: c.followUp.instructions,
  };
}
