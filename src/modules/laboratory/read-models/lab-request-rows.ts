import type { Selectable } from 'kysely';
import type { Database } from '../../../platform/db/database';
import type { RecordedEvent } from '../../../platform/event-store/port';
import { hospitalDate } from '../../../shared/hospital-calendar';
import type { LabRequestEvent, LabRequestOrdered, LabTestStarted, LabResultsRecorded, LabUrgency } from '../events';

/**
 * A lab request's row as each event makes or changes it: one mapping for the projection (which
 * writes it) and the point-in-time replay (which folds it in memory from the stream up to an
 * instant), so a replayed chart reads exactly as the live one did then.
 */
export type LabRequestRow = Selectable<Database['lab_requests']>;

export const URGENCY_RANK: Record<LabUrgency, number> = { STAT: 0, Urgent: 1, Routine: 2 };
const versionAfter = (event: RecordedEvent) => Number(event.revision) + 1;

export function orderedRow(event: RecordedEvent<LabRequestOrdered>): LabRequestRow {
  const d = event.data;
  const at = new Date(event.metadata.occurredAt);
  return {
    lab_request_id: d.labRequestId,
    hospital_id: d.hospitalId,
    consultation_id: d.consultationId,
    patient_id: d.patientId,
    patient_name: d.patientName,
    ordered_by_id: d.orderedBy.id,
    ordered_by_name: d.orderedBy.name,
    test_name: d.testName,
    test_code: d.testCode,
    urgency: d.urgency,
    urgency_rank: URGENCY_RANK[d.urgency],
    instructions: d.instructions,
    status: 'pending',
    ordered_at: at,
    started_at: null,
    started_by: null,
    completed_at: null,
    completed_on: null,
    results: null,
    notes: null,
    conducted_by: null,
    updated_at: at,
    version: versionAfter(event),
  };
}

export function startedChanges(event: RecordedEvent<LabTestStarted>) {
  const at = new Date(event.metadata.occurredAt);
  return {
    status: 'in progress',
    started_at: at,
    started_by: event.metadata.actor.name,
    updated_at: at,
    version: versionAfter(event),
  };
}

export function resultsChanges(event: RecordedEvent<LabResultsRecorded>, timeZone: string) {
  const at = new Date(event.metadata.occurredAt);
  const d = event.data;
  return {
    status: 'completed',
    completed_at: at,
    completed_on: hospitalDate(at, timeZone),
    results: d.results,
    notes: d.notes,
    conducted_by: d.conductedBy,
    updated_at: at,
    version: versionAfter(event),
  };
}

/** The request's row as it stood at `asOf` (its events that had happened by then), or null. */
export function replayLabRequest(events: readonly RecordedEvent[], asOf: Date, timeZone: string): LabRequestRow | null {
  const fold = (row: LabRequestRow | null, e: RecordedEvent<LabRequestEvent>): LabRequestRow | null => {
    if (e.type === 'LabRequestOrdered') return row ?? orderedRow(e);
    if (!row) return row;
    if (e.type === 'LabTestStarted') return { ...row, ...startedChanges(e) };
    if (e.type === 'LabResultsRecorded') return { ...row, ...resultsChanges(e, timeZone) };
    return row;
  };
  let row: LabRequestRow | null = null;
  for (const e of events as readonly RecordedEvent<LabRequestEvent>[]) {
    if (Date.parse(e.metadata.occurredAt) > asOf.getTime()) break;
    row = fold(row, e);
  }
  return row;
}

/** The order the doctor's chart lists a consultation's tests in: STAT first, then by order time. */
export function chartOrder(a: LabRequestRow, b: LabRequestRow): number {
  return a.urgency_rank - b.urgency_rank || new Date(a.ordered_at).getTime() - new Date(b.ordered_at).getTime();
}
