import { sql } from 'kysely';
import type { RecordedEvent } from '../../../platform/event-store/port';
import type { Trx } from '../../../platform/projections/projection';
import type { LabRequestOrdered, LabResultsRecorded, LabTestStarted } from '../events';
import { hospitalZones } from '../../hospitals';
import { orderedRow, resultsChanges, startedChanges } from './lab-request-rows';

/**
 * The lab requests projection's batch handlers: a statement per run of one event type (a page of a
 * rebuild, a burst in one group commit), leaving the table exactly as the handlers one by one
 * would. Runs come layer by layer (see `independentStreams`): never two events of one request.
 */
/** Rows a statement: well under PostgreSQL's 65 535 parameters with the table's 23 columns. */
const ROWS_PER_INSERT = 1000;

export async function insertOrdered(trx: Trx, events: RecordedEvent<LabRequestOrdered>[]): Promise<void> {
  for (let i = 0; i < events.length; i += ROWS_PER_INSERT) {
    await trx
      .insertInto('lab_requests')
      .values(events.slice(i, i + ROWS_PER_INSERT).map(orderedRow))
      .onConflict((oc) => oc.column('lab_request_id').doNothing())
      .execute();
  }
}

/** Tests started on distinct requests (a run of a layer, see `independentStreams`), one statement. */
export async function markStarted(trx: Trx, events: RecordedEvent<LabTestStarted>[]): Promise<void> {
  const changes = events.map(startedChanges);
  await sql`
    update lab_requests r
       set status = v.status, started_at = v.at, started_by = v.started_by, updated_at = v.at, version = v.version
      from unnest(${events.map((e) => e.data.labRequestId)}::text[], ${changes.map((c) => c.status)}::text[],
                  ${changes.map((c) => c.started_at.toISOString())}::timestamptz[], ${changes.map((c) => c.started_by)}::text[],
                  ${changes.map((c) => c.version)}::int[])
           as v(lab_request_id, status, at, started_by, version)
     where r.lab_request_id = v.lab_request_id and r.version < v.version`.execute(trx);
}

/** Results of distinct requests, one statement. */
export async function recordResults(trx: Trx, events: RecordedEvent<LabResultsRecorded>[]): Promise<void> {
  const zones = hospitalZones(trx);
  const timeZones = await Promise.all(events.map((e) => zones.zoneOf(e.metadata.hospitalId)));
  const changes = events.map((e, i) => resultsChanges(e, timeZones[i]!));
  await sql`
    update lab_requests r
       set status = v.status, completed_at = v.at, completed_on = v.completed_on, results = v.results, notes = v.notes,
           conducted_by = v.conducted_by, updated_at = v.at, version = v.version
      from unnest(${events.map((e) => e.data.labRequestId)}::text[], ${changes.map((c) => c.status)}::text[],
                  ${changes.map((c) => c.completed_at.toISOString())}::timestamptz[], ${changes.map((c) => c.completed_on)}::text[],
                  ${changes.map((c) => JSON.stringify(c.results))}::jsonb[], ${changes.map((c) => c.notes)}::text[],
                  ${changes.map((c) => c.conducted_by)}::text[], ${changes.map((c) => c.version)}::int[])
           as v(lab_request_id, status, at, completed_on, results, notes, conducted_by, version)
     where r.lab_request_id = v.lab_request_id and r.version < v.version`.execute(trx);
}
