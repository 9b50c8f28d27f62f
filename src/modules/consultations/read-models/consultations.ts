import { sql } from 'kysely';
import type { Db } from '../../../platform/db/database';
import type { RecordedEvent } from '../../../platform/event-store/port';
import { defineProjection, emptyTables } from '../../../platform/projections/projection';
import { hospitalToday } from '../../hospitals';
import type { ConsultationData, ConsultationEvent } from '../events';
import { insertRecorded, markDispensed, markIssued } from './consultation-batches';
import { consultationView, dispensedMedications, medicationView, recordedRow } from './consultation-rows';

export type StoredMedication = ConsultationData['prescriptions'][number] & {
  dispensed: boolean;
  dispensedAt: string | null;
};

declare module '../../../platform/db/database' {
  interface Database {
    consultations: {
      consultation_id: string;
      hospital_id: string;
      patient_id: string;
      patient_name: string;
      doctor_id: string;
      doctor_name: string;
      primary_diagnosis: string;
      recorded_at: Date | string;
      /** ConsultationRecorded's data as written (prescriptions are in `medications`). */
      record: ConsultationData;
      medications: StoredMedication[];
      /** Some medication is still to be dispensed: the pharmacist's pending list. */
      has_pending: boolean;
      version: number;
    };
    prescription_dispensations: {
      event_id: string;
      hospital_id: string;
      consultation_id: string;
      patient_id: string;
      patient_name: string;
      prescribed_by: string;
      dispensed_by: string;
      items: { index: number; medicationName: string; quantity: number }[];
      item_count: number;
      dispensed_at: Date | string;
      dispensed_on: string;
    };
  }
}

export const CONSULTATIONS = 'consultations-records';
const versionAfter = (event: RecordedEvent) => Number(event.revision) + 1;
const json = <T>(v: T) => JSON.stringify(v) as unknown as T;

/** Inline: the doctor's records and the pharmacist's queue show a consultation as soon as it is saved. */
export const consultationsProjection = defineProjection<ConsultationEvent>({
  name: CONSULTATIONS,
  inline: true,
  handlers: {
    ConsultationRecorded: async (trx, event) => {
      const row = recordedRow(event);
      await trx
        .insertInto('consultations')
        .values({ ...row, record: json(row.record), medications: json(row.medications) })
        .onConflict((oc) => oc.column('consultation_id').doNothing())
        .execute();
    },
    PrescriptionIssued: async (trx, event) => {
      await trx
        .updateTable('consultations')
        .set({ version: versionAfter(event) })
        .where('consultation_id', '=', event.data.consultationId)
        .where('version', '<', versionAfter(event))
        .execute();
    },
    PrescriptionDispensed: async (trx, event) => {
      const d = event.data;
      const row = await trx
        .selectFrom('consultations')
        .select(['medications', 'hospital_id'])
        .where('consultation_id', '=', d.consultationId)
        .where('version', '<', versionAfter(event))
        .forUpdate()
        .executeTakeFirst();
      if (!row) return;
      const medications = dispensedMedications(row.medications, event);
      const at = new Date(event.metadata.occurredAt);
      await trx
        .updateTable('consultations')
        .set({
          medications: json(medications),
          has_pending: medications.some((m) => !m.dispensed),
          version: versionAfter(event),
        })
        .where('consultation_id', '=', d.consultationId)
        .execute();
      await trx
        .insertInto('prescription_dispensations')
        .values({
          event_id: event.id,
          hospital_id: row.hospital_id,
          consultation_id: d.consultationId,
          patient_id: d.patientId,
          patient_name: d.patientName,
          prescribed_by: d.prescribedBy.name,
          dispensed_by: event.metadata.actor.name,
          items: json(d.items),
          item_count: d.items.length,
          dispensed_at: at,
          dispensed_on: await hospitalToday(trx, row.hospital_id, at),
        })
        .onConflict((oc) => oc.column('event_id').doNothing())
        .execute();
    },
  },
  // A page of a rebuild, a burst of saves in one group commit: a statement or three per run of a type.
  batchHandlers: {
    ConsultationRecorded: insertRecorded,
    PrescriptionIssued: markIssued,
    PrescriptionDispensed: markDispensed,
  },
  // A consultation's row and its dispensations are written only by its own stream's events.
  independentStreams: true,
  // The records', queue's and dashboard's indexes; the handlers find a consultation by its key.
  deferredIndexes: [
    'consultations_patient',
    'consultations_pending',
    'prescription_dispensations_recent',
    'prescription_dispensations_day',
  ],
  reset: (trx) => emptyTables(trx, ['prescription_dispensations', 'consultations']),
});

/** A patient's consultations, newest first; lab orders are joined by the caller from the lab's records. */
export async function consultationsOfPatient(db: Db, hospitalId: string, patientId: string) {
  const rows = await db
    .selectFrom('consultations')
    .selectAll()
    .where('hospital_id', '=', hospitalId)
    .where('patient_id', '=', patientId)
    .orderBy('recorded_at', 'desc')
    .orderBy('consultation_id', 'desc')
    .limit(500)
    .execute();
  return rows.map(consultationView);
}

/** The pharmacist's queue: prescriptions with something left to dispense, oldest first. */
export async function pendingPrescriptions(db: Db, hospitalId: string, page: number, limit: number) {
  const base = db.selectFrom('consultations').where('hospital_id', '=', hospitalId).where('has_pending', '=', true);
  const [{ n }, rows] = await Promise.all([
    base.select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow(),
    base
      .selectAll()
      .orderBy('recorded_at')
      .orderBy('consultation_id')
      .limit(limit)
      .offset((page - 1) * limit)
      .execute(),
  ]);
  const prescriptions = rows.map((r) => ({
    id: r.consultation_id,
    consultationId: r.consultation_id,
    patientId: r.patient_id,
    patientName: r.patient_name,
    dateIssued: new Date(r.recorded_at).toISOString(),
    prescribedBy: r.doctor_name,
    diagnosis: r.primary_diagnosis,
    medications: r.medications.map(medicationView),
  }));
  return { prescriptions, total: Number(n) };
}

export async function findPrescription(db: Db, hospitalId: string, consultationId: string) {
  const row = await db
    .selectFrom('consultations')
    .select(['consultation_id', 'medications', 'has_pending'])
    .where('hospital_id', '=', hospitalId)
    .where('consultation_id', '=', consultationId)
    .executeTakeFirst();
  return row
    ? {
        consultationId: row.consultation_id,
        pending: row.has_pending,
        medications: row.medications.map(medicationView),
      }
    : null;
}

/** The pharmacist's dashboard: queue length, items dispensed today, the latest dispensations. */
export async function dispensingStats(db: Db, hospitalId: string, today: string, recent: number) {
  const [pending, dispensed, rows] = await Promise.all([
    db
      .selectFrom('consultations')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .where('hospital_id', '=', hospitalId)
      .where('has_pending', '=', true)
      .executeTakeFirstOrThrow(),
    db
      .selectFrom('prescription_dispensations')
      .select(sql<string>`coalesce(sum(item_count), 0)`.as('n'))
      .where('hospital_id', '=', hospitalId)
      .where('dispensed_on', '=', today)
      .executeTakeFirstOrThrow(),
    db
      .selectFrom('prescription_dispensations')
      .selectAll()
      .where('hospital_id', '=', hospitalId)
      .orderBy('dispensed_at', 'desc')
      .orderBy('event_id')
      .limit(recent)
      .execute(),
  ]);
  return {
    pendingPrescriptions: Number(pending.n),
    dispensedToday: Number(dispensed.n),
    recentDispensations: rows.map((r) => ({
      consultationId: r.consultation_id,
      patientId: r.patient_id,
      patientName: r.patient_name,
      prescribedBy: r.prescribed_by,
      dispensedBy: r.dispensed_by,
      dispensedAt: new Date(r.dispensed_at).toISOString(),
      medications: r.items.map((i) => ({ name: i.medicationName, quantity: i.quantity })),
    })),
  };
}
