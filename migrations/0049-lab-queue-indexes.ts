import { sql, type Kysely } from 'kysely';

/**
 * Issue 34 §5: the lab's lists sorted every row they matched before keeping a page. At 100,000 patients
 * (52,000 lab requests, 5,200 of them open), the open queue (pending and in progress, the admin's
 * Laboratory screen) read and sorted all 5,200 for its first 100 (28 ms), and the completed tab read every
 * completed request (47,000, 26 ms). Each is now the first rows of an index in the list's own order.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`create index lab_requests_open on lab_requests (hospital_id, urgency_rank, ordered_at, lab_request_id)
            where status <> 'completed'`.execute(db);
  await sql`create index lab_requests_completed on lab_requests (hospital_id, completed_at desc, lab_request_id)
            where status = 'completed'`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop index lab_requests_completed`.execute(db);
  await sql`drop index lab_requests_open`.execute(db);
}
