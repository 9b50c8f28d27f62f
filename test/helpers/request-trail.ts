import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import type { Db } from '../../src/platform/db/database';
import type { EventStore, Role } from '../../src/platform/event-store/port';
import { accessStream } from '../../src/platform/http/access-trail';

export type RequestEntry = { type: string; data: Record<string, unknown>; metadata: Record<string, unknown> };

/**
 * What one request (by its server id) left in the trail: the events it appended, and its read in the
 * access log (migration 0050) as the `RecordAccessed` it stands for, with the metadata it carries.
 */
export async function entriesOfRequest(db: Db, requestId: string): Promise<RequestEntry[]> {
  const { rows } = await sql<RequestEntry>`
    select type, data, metadata from events where metadata->>'requestId' = ${requestId}
    union all
    select 'RecordAccessed',
           -- The patients a list showed are the row's column, not its data (access-log.ts).
           (data - 'clientRequestId') || case when subject_id is null
                                             then jsonb_build_object('patientIds', to_jsonb(patient_ids))
                                             else '{}'::jsonb end,
           jsonb_strip_nulls(jsonb_build_object('hospitalId', hospital_id, 'requestId', request_id,
             'correlationId', request_id, 'causationId', request_id, 'ip', ip,
             'clientRequestId', data->>'clientRequestId',
             'actor', jsonb_build_object('userId', actor_id, 'role', actor_role, 'name', actor_name)))
      from audit_reads where request_id = ${requestId}`.execute(db);
  return rows;
}

/**
 * A list read as the server recorded it before the access log (migration 0050): a `RecordAccessed`
 * event in the store, which the trail's projection turns into an entry and a view row. Trails
 * hold such reads still, and every reader reads them beside the access log.
 */
export async function appendEventRead(
  store: EventStore,
  hospitalId: string,
  actor: { userId: string; role: Role; name: string },
  patientIds: string[],
): Promise<string> {
  const requestId = randomUUID();
  const occurredAt = new Date().toISOString();
  await store.append(
    accessStream(hospitalId, actor.userId, occurredAt, requestId),
    [
      {
        type: 'RecordAccessed',
        data: {
          subjectType: 'patient',
          subjectId: null,
          what: 'list',
          method: 'GET',
          route: '/api/patients',
          purpose: null,
          patientIds,
          query: {},
        },
        metadata: { hospitalId, actor, correlationId: requestId, causationId: requestId, occurredAt, requestId },
      },
    ],
    { expectedRevision: 'any' },
  );
  return requestId;
}
