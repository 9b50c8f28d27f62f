import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { entriesOfRequest } from '../../../test/helpers/request-trail';
import { asClient, newPatient, startPatientsSuite, type PatientsSuite } from '../../../test/helpers/patients-api';

/**
 * The request id in the trail is the server's: a client's X-Request-Id is kept beside it, cleaned
 * and bounded, and never becomes the id two requests share.
 */
describe('request ids', () => {
  let s: PatientsSuite;
  let patientId: string;
  beforeAll(async () => {
    s = await startPatientsSuite(['doctor', 'receptionist']);
    const res = await s.t.app.inject({
      method: 'POST',
      url: '/api/patients',
      headers: asClient(s.tokens.receptionist),
      payload: newPatient(),
    });
    patientId = res.json().data.patient.id;
  });
  afterAll(async () => s?.t.close());

  const metadataOf = (requestId: string) => entriesOfRequest(s.t.platform.db, requestId);

  it('gives two clients sending the same X-Request-Id distinct server ids in the trail', async () => {
    const shared = 'req-42';
    const answers = [];
    for (const token of [s.tokens.doctor, s.tokens.receptionist]) {
      const res = await s.t.app.inject({
        method: 'GET',
        url: `/api/patients/${patientId}`,
        headers: { ...asClient(token), 'x-request-id': shared },
      });
      expect(res.statusCode).toBe(200);
      answers.push(String(res.headers['x-request-id']));
    }
    const [first, second] = answers;
    expect(first).not.toBe(second);
    expect(first).not.toBe(shared);
    expect(first).toMatch(/^[0-9a-f-]{36}$/);
    expect(await metadataOf(shared)).toEqual([]);
    for (const id of answers) {
      const events = await metadataOf(id);
      expect(events.map((e) => e.type)).toEqual(['RecordAccessed']);
      expect(events[0]!.metadata).toMatchObject({ requestId: id, correlationId: id, clientRequestId: shared });
    }
  });

  it('keeps a cleaned 64-character prefix of a 1000-character client id, never the whole of it', async () => {
    const long = 'a<b>'.repeat(250);
    const res = await s.t.app.inject({
      method: 'PUT',
      url: `/api/patients/${patientId}`,
      headers: { ...asClient(s.tokens.receptionist), 'x-request-id': long },
      payload: { version: 1, address: '3 Broad Street, Lagos' },
    });
    expect(res.statusCode, res.body).toBe(200);
    const serverId = String(res.headers['x-request-id']);
    expect(serverId).toMatch(/^[0-9a-f-]{36}$/);
    const events = await metadataOf(serverId);
    expect(events.map((e) => e.type)).toContain('PatientDetailsEdited');
    for (const e of events) {
      expect(e.metadata.correlationId).toBe(serverId);
      expect(e.metadata.clientRequestId).toBe('ab'.repeat(32));
    }
    const { rows } = await sql<{ n: string }>`
      select count(*) as n from events where metadata::text like ${'%' + 'a<b>'.repeat(20) + '%'}
        or metadata::text like ${'%' + 'ab'.repeat(40) + '%'}`.execute(s.t.platform.db);
    expect(Number(rows[0]!.n)).toBe(0);
  });
});
