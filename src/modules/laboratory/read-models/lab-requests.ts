import { sql, type Selectable } from 'kysely';
import type { Database, Db } from '../../../platform/db/database';
import { defineProjection, emptyTables } from '../../../platform/projections/projection';
import { insertOrdered, markStarted, recordResults } from './lab-request-batches';
import type { LabRequestEvent, LabResults, LabUrgency } from '../events';
import type { LabRequestStatus } from '../lab-request';

declare module '../../../platform/db/database' {
  interface Database {
    lab_requests: {
      lab_request_id: string;
      hospital_id: string;
      consultation_id: string;
      patient_id: string;
      patient_name: string;
      ordered_by_id: string;
      ordered_by_name: string;
      test_name: string;
      test_code: string;
      urgency: string;
      /** STAT 0, Urgent 1, Routine 2: the queue's first sort key. */
      urgency_rank: number;
      instructions: string | null;
      status: string;
      ordered_at: Date | string;
      started_at: Date | string | null;
      started_by: string | null;
      completed_at: Date | string | null;
      /** The hospital's calendar date of the results (the dashboard's "completed today"). */
      completed_on: string | null;
      results: LabResults | null;
      notes: string | null;
      conducted_by: string | null;
      updated_at: Date | string;
      version: number;
    };
  }
}

export const LAB_REQUESTS = 'laboratory-requests';
/** Inline: the technician's queue and the doctor's chart show an order or result as soon as it is made. */
export const labRequestsProjection = defineProjection<LabRequestEvent>({
  name: LAB_REQUESTS,
  inline: true,
  // Every rule is a batch handler: an event alone is a run of one (see defineProjection).
  handlers: {},
  // A page of a rebuild, a burst of orders in one group commit: a statement per run of a type.
  batchHandlers: {
    LabRequestOrdered: insertOrdered,
    LabTestStarted: markStarted,
    LabResultsRecorded: recordResults,
  },
  // One row per request, each written only by its own stream's events.
  independentStreams: true,
  // The queue's, the dashboard's and the chart's indexes; the handlers find a request by its key.
  deferredIndexes: ['lab_requests_queue', 'lab_requests_recent', 'lab_requests_consultation'],
  reset: (trx) => emptyTables(trx, ['lab_requests']),
});

type Row = Selectable<Database['lab_requests']>;
const iso = (d: Date | string | null) => (d === null ? null : new Date(d).toISOString());

export function toLabRequestView(r: Row) {
  return {
    id: r.lab_request_id,
    consultationId: r.consultation_id,
    patientId: r.patient_id,
    patientName: r.patient_name,
    testName: r.test_name,
    testCode: r.test_code,
    urgency: r.urgency as LabUrgency,
    instructions: r.instructions,
    status: r.status as LabRequestStatus,
    completed: r.status === 'completed',
    orderedBy: { id: r.ordered_by_id, name: r.ordered_by_name },
    orderedAt: iso(r.ordered_at)!,
    startedAt: iso(r.started_at),
    startedBy: r.started_by,
    completedAt: iso(r.completed_at),
    results: r.results,
    notes: r.notes,
    conductedBy: r.conducted_by,
  };
}
export type LabRequestView = ReturnType<typeof toLabRequestView>;

/**
 * One page of the queue. Open requests: STAT, then Urgent, then Routine, oldest first within
 * each. Completed ones: newest results first.
 */
export async function listLabRequests(
  db: Db,
  hospitalId: string,
  query: {
    status?: LabRequestStatus | 'open';
    search?: string;
    /** A day of the hospital's calendar: the tests completed on it. */
    completedOn?: string;
    page: number;
    limit: number;
  },
) {
  let q = db.selectFrom('lab_requests').where('hospital_id', '=', hospitalId);
  // The open queue is the first rows of its own index (migration 0049), whose predicate this is.
  if (query.status === 'open') q = q.where('status', '<>', 'completed');
  else if (query.status) q = q.where('status', '=', query.status);
  if (query.completedOn) q = q.where('completed_on', '=', query.completedOn);
  const search = query.search?.trim();
  if (search) {
    // Wildcards in the search are text, not patterns ("50%" finds "50%").
    const text = search.replace(/[\\%_]/g, (c) => `\\${c}`);
    const p = `%${text}%`;
    q = q.where((eb) =>
      eb.or([
        eb('patient_name', 'ilike', p),
        eb('test_name', 'ilike', p),
        eb('test_code', 'ilike', p),
        eb('ordered_by_name', 'ilike', p),
        eb('conducted_by', 'ilike', p),
        eb('lab_request_id', 'ilike', `${text}%`),
      ]),
    );
  }
  const [{ n }, rows] = await Promise.all([
    q.select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow(),
    (query.status === 'completed' || query.completedOn
      ? q.selectAll().orderBy('completed_at', 'desc')
      : // Completed ones last, when the list has both: with one status (or the open ones) the list is in
        // the order of an index (the queue's, or migration 0049's), read no further than its page.
        (query.status ? q.selectAll() : q.selectAll().orderBy(sql`status = 'completed'`))
          .orderBy('urgency_rank')
          .orderBy('ordered_at')
    )
      .orderBy('lab_request_id')
      .limit(query.limit)
      .offset((query.page - 1) * query.limit)
      .execute(),
  ]);
  return { requests: rows.map(toLabRequestView), total: Number(n) };
}

export async function findLabRequest(db: Db, hospitalId: string, labRequestId: string) {
  const row = await db
    .selectFrom('lab_requests')
    .selectAll()
    .where('hospital_id', '=', hospitalId)
    .where('lab_request_id', '=', labRequestId)
    .executeTakeFirst();
  return row ? toLabRequestView(row) : null;
}

/** The lab orders of some consultations, with their results: for the doctor's records. */
export async function labRequestsForConsultations(db: Db, hospitalId: string, consultationIds: string[]) {
  if (consultationIds.length === 0) return [];
  const rows = await db
    .selectFrom('lab_requests')
    .selectAll()
    .where('hospital_id', '=', hospitalId)
    .where('consultation_id', 'in', consultationIds)
    .orderBy('urgency_rank')
    .orderBy('ordered_at')
    .execute();
  return rows.map(toLabRequestView);
}

/** Requests of a consultation that have no results yet (`except` one of them). */
export async function openLabRequestsOf(db: Db, consultationId: string, except?: string): Promise<number> {
  let query = db
    .selectFrom('lab_requests')
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .where('consultation_id', '=', consultationId)
    .where('status', '!=', 'completed');
  if (except) query = query.where('lab_request_id', '!=', except);
  const row = await query.executeTakeFirstOrThrow();
  return Number(row.n);
}

/** The lab dashboard: open work, today's completions, and the latest activity. */
export async function labStats(db: Db, hospitalId: string, today: string, recent: number) {
  // Each count one range of an index (the queue's by status, today's completed by migration 0047's),
  // not a pass over every request the hospital ever had.
  const count = (where: ReturnType<typeof sql>) =>
    sql<string>`(select count(*) from lab_requests where hospital_id = ${hospitalId} and ${where})`;
  const [counts, rows] = await Promise.all([
    db
      .selectNoFrom([
        count(sql`status = 'pending'`).as('pending'),
        count(sql`status = 'in progress'`).as('in_progress'),
        count(sql`completed_on = ${today}`).as('completed_today'),
      ])
      .executeTakeFirstOrThrow(),
    db
      .selectFrom('lab_requests')
      .selectAll()
      .where('hospital_id', '=', hospitalId)
      .orderBy('updated_at', 'desc')
      .orderBy('lab_request_id')
      .limit(recent)
      .execute(),
  ]);
  return {
    pending: Number(counts.pending),
    inProgress: Number(counts.in_progress),
    completedToday: Number(counts.completed_today),
    recentActivity: rows.map(toLabRequestView),
  };
}

/**
 * The Recent Test Activity list (product-spec-1 §2, the lab dashboard and /user/test-activity): every
 * request at its latest step (ordered, started, completed), the most recent change first.
 */
export async function listLabActivity(db: Db, hospitalId: string, query: { page: number; limit: number }) {
  const base = db.selectFrom('lab_requests').where('hospital_id', '=', hospitalId);
  const [{ n }, rows] = await Promise.all([
    base.select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow(),
    base
      .selectAll()
      .orderBy('updated_at', 'desc')
      .orderBy('lab_request_id')
      .limit(query.limit)
      .offset((query.page - 1) * query.limit)
      .execute(),
  ]);
  return {
    activities: rows.map((r) => ({ ...toLabRequestView(r), activityAt: iso(r.updated_at)! })),
    total: Number(n),
  };
}
