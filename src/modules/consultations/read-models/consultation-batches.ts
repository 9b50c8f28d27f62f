import { sql } from 'kysely';
import type { RecordedEvent } from '../../../platform/event-store/port';
import type { Trx } from '../../../platform/projections/projection';
import { hospitalZones } from '../../hospitals';
import type { ConsultationRecorded, PrescriptionDispensed, PrescriptionIssued } from '../events';
import { dispensedMedications, recordedRow, type ConsultationRow } from './consultation-rows';

/**
 * The consultations projection's batch handlers: a statement or three per run of one event type
 * (a page of a rebuild, a burst in one group commit), leaving the tables exactly as the handlers
 * applied one by one would. Runs come layer by layer (see `independentStreams`), so a run never
 * holds two events of one consultation.
 */
const versionAfter = (event: RecordedEvent) => Number(event.revision) + 1;
const json = <T>(v: T) => JSON.stringify(v) as unknown as T;
/** Rows a statement: the tables' 12 and 11 columns stay well under PostgreSQL's 65 535 parameters. */
const ROWS_PER_INSERT = 2000;

export async function insertRecorded(trx: Trx, events: RecordedEvent<ConsultationRecorded>[]): Promise<void> {
  for (let i = 0; i < events.length; i += ROWS_PER_INSERT) {
    const rows = events.slice(i, i + ROWS_PER_INSERT).map((event) => {
      const row = recordedRow(event);
      return { ...row, record: json(row.record), medications: json(row.medications) };
    });
    await trx
      .insertInto('consultations')
      .values(rows)
      .onConflict((oc) => oc.column('consultation_id').doNothing())
      .execute();
  }
}

export async function markIssued(trx: Trx, events: RecordedEvent<PrescriptionIssued>[]): Promise<void> {
  await sql`
    update consultations c set version = v.version
      from unnest(${events.map((e) => e.data.consultationId)}::text[], ${events.map(versionAfter)}::int[])
           as v(consultation_id, version)
     where c.consultation_id = v.consultation_id and c.version < v.version`.execute(trx);
}

/**
 * Dispensings of distinct consultations: their rows read and locked in one statement, the
 * medications marked here as `dispensedMedications` marks them one by one, then one update and
 * one insert of the dispensations.
 */
export async function markDispensed(trx: Trx, events: RecordedEvent<PrescriptionDispensed>[]): Promise<void> {
  const { rows } = await sql<Pick<ConsultationRow, 'consultation_id' | 'medications' | 'hospital_id'>>`
    select c.consultation_id, c.medications, c.hospital_id
      from consultations c
      join unnest(${events.map((e) => e.data.consultationId)}::text[], ${events.map(versionAfter)}::int[])
           as v(consultation_id, version) using (consultation_id)
     where c.version < v.version
       for update of c`.execute(trx);
  const found = new Map(rows.map((r) => [r.consultation_id, r]));
  const applied = events.flatMap((event) => {
    const row = found.get(event.data.consultationId);
    return row ? [{ event, row, medications: dispensedMedications(row.medications, event) }] : [];
  });
  if (applied.length === 0) return;
  await sql`
    update consultations c set medications = v.medications, has_pending = v.has_pending, version = v.version
      from unnest(${applied.map((a) => a.event.data.consultationId)}::text[],
                  ${applied.map((a) => JSON.stringify(a.medications))}::jsonb[],
                  ${applied.map((a) => a.medications.some((m) => !m.dispensed))}::boolean[],
                  ${applied.map((a) => versionAfter(a.event))}::int[])
           as v(consultation_id, medications, has_pending, version)
     where c.consultation_id = v.consultation_id`.execute(trx);
  const zones = hospitalZones(trx);
  const days = await Promise.all(
    applied.map(({ event, row }) => zones.dayOf(row.hospital_id, event.metadata.occurredAt)),
  );
  for (let i = 0; i < applied.length; i += ROWS_PER_INSERT) {
    await trx
      .insertInto('prescription_dispensations')
      .values(
        applied.slice(i, i + ROWS_PER_INSERT).map(({ event, row }, j) => {
          const d = event.data;
          const at = new Date(event.metadata.occurredAt);
          return {
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
            dispensed_on: days[i + j]!,
          };
        }),
      )
      .onConflict((oc) => oc.column('event_id').doNothing())
      .execute();
  }
}
