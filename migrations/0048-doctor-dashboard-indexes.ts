import { sql, type Kysely } from 'kysely';

/**
 * Issue 34 §5: the doctor's dashboard read two counts by scanning a whole table. "Total Patients
 * Seen" (a doctor's distinct patients) read every consultation of the hospital, 80,000 at 100,000
 * patients, for the few of one doctor: now one range of this index, read from the index alone.
 * "Pending Lab Result" (and the lab's dashboard) counted pending, in progress and completed today
 * over every lab request, 52,000 there: each count is now one range of an index (lab-requests.ts
 * `labStats`), the open ones of the queue index, today's completed ones of this partial index.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`create index consultations_doctor_patients on consultations (hospital_id, doctor_id, patient_id)`.execute(
    db,
  );
  await sql`create index lab_requests_completed_on on lab_requests (hospital_id, completed_on)
            where completed_on is not null`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop index lab_requests_completed_on`.execute(db);
  await sql`drop index consultations_doctor_patients`.execute(db);
}
