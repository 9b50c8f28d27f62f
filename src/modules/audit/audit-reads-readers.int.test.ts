import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { clinicalApi } from '../../../test/helpers/clinical-api';
import {
  patientsApi,
  startPatientsSuite,
  type PatientJson,
  type PatientsSuite,
} from '../../../test/helpers/patients-api';
import { uuidv7 } from './access-log/read-seal';

/**
 * Issue 34 §5: reads are written straight to the access log (`audit_reads`), not as events. Every
 * reader of reads (the trail with its reads, its CSV and an entry's detail, the grouped reads, the
 * access report, a patient's history) reads them there too; the trail's changes never do.
 *
 * The rows are written here as the access log writes them, by a reader of their own, so what the
 * readers answer for that reader is these rows alone.
 */
type Entry = { id: string; eventType: string; action: string; outcome: string; subject: { id: string | null } | null };
type Group = { what: string; list: boolean; times: number; patients: number };
type ReportRow = { actor: { id: string }; patient: { id: string }; reads: number; writes: number };
type HistoryEntry = { id: string; kind: string; action: string };

const READER = { id: 'access-log-reader', name: 'Zainab Reader', role: 'nurse' };

describe('reads of the access log in every reader of reads', () => {
  let s: PatientsSuite;
  let ada: PatientJson;
  let bola: PatientJson;
  let listRead: string;
  let recordRead: string;
  const patients = patientsApi(() => s.t);
  const api = clinicalApi(() => s.t);
  const get = async (url: string) => {
    const res = await api.call(s.tokens.admin, 'GET', url);
    expect(res.statusCode, `${url}: ${res.body}`).toBe(200);
    return res;
  };
  const trail = async (query: string) =>
    (await get(`/api/audit/events?actorId=${READER.id}&${query}`)).json().data as {
      entries: Entry[];
      nextCursor: string | null;
    };

  /** One access log row of the admin's hospital, by the reader, `seconds` ago. */
  const logRead = async (read: { action: string; subjectId: string | null; patientIds: string[]; seconds: number }) => {
    const at = new Date(Date.now() - read.seconds * 1000);
    const eventId = uuidv7(at.getTime());
    await s.t.platform.db
      .insertInto('audit_reads')
      .values({
        event_id: eventId,
        hospital_id: s.a.hospital.id,
        occurred_at: at,
        actor_id: READER.id,
        actor_name: READER.name,
        actor_role: READER.role,
        action: read.action,
        subject_type: 'patient',
        subject_id: read.subjectId,
        patient_ids: read.patientIds,
        ip: '10.0.0.7',
        request_id: `req-${eventId}`,
        data: {
          subjectType: 'patient',
          subjectId: read.subjectId,
          what: read.subjectId ? 'detail' : 'list',
          method: 'GET',
          route: read.subjectId ? '/api/patients/:id' : '/api/patients',
          patientIds: read.patientIds,
        },
      })
      .execute();
    return eventId;
  };

  beforeAll(async () => {
    s = await startPatientsSuite(['receptionist']);
    ada = await patients.registered(s.tokens.receptionist);
    bola = await patients.registered(s.tokens.receptionist);
    listRead = await logRead({
      action: 'Viewed the patient list (2 patients)',
      subjectId: null,
      patientIds: [ada.id, bola.id],
      seconds: 2,
    });
    recordRead = await logRead({
      action: `Viewed the detail of ${ada.firstName} ${ada.lastName}`,
      subjectId: ada.id,
      patientIds: [ada.id],
      seconds: 1,
    });
  });
  afterAll(async () => s?.t.close());

  it('shows them in the trail with its reads and with everything, newest first, a page at a time', async () => {
    for (const kind of ['kind=reads', '']) {
      const { entries } = await trail(kind);
      expect(
        entries.map((e) => e.id),
        kind,
      ).toEqual([recordRead, listRead]);
      expect(entries[0]).toMatchObject({ eventType: 'RecordAccessed', outcome: 'success', subject: { id: ada.id } });
    }
    const first = await trail('kind=reads&limit=1');
    expect(first.entries.map((e) => e.id)).toEqual([recordRead]);
    const second = await trail(`kind=reads&limit=1&cursor=${first.nextCursor}`);
    expect(second.entries.map((e) => e.id)).toEqual([listRead]);
    expect((await trail('kind=reads&action=RecordAccessed')).entries).toHaveLength(2);
    expect((await trail('kind=reads&q=patient%20list')).entries.map((e) => e.id)).toEqual([listRead]);
    expect((await trail(`subjectId=${ada.id}`)).entries.map((e) => e.id)).toEqual([recordRead]);
  });

  it('leaves them out of the changes, of another action and of a failed outcome', async () => {
    expect((await trail('kind=changes')).entries).toEqual([]);
    expect((await trail('action=PatientRegistered')).entries).toEqual([]);
    expect((await trail('outcome=denied')).entries).toEqual([]);
    const everyChange = (await get('/api/audit/events?kind=changes&limit=200')).json().data as { entries: Entry[] };
    expect(everyChange.entries.map((e) => e.id)).not.toContain(listRead);
    expect(everyChange.entries.map((e) => e.id)).not.toContain(recordRead);
  });

  it("opens one as an entry with its read's data and no place in the chain, and lists it in the CSV", async () => {
    const detail = (await get(`/api/audit/events/${recordRead}`)).json().data;
    expect(detail).toMatchObject({
      id: recordRead,
      eventType: 'RecordAccessed',
      chain: null,
      correlationId: `req-${recordRead}`,
      data: { what: 'detail', patientIds: [ada.id] },
    });
    const csv = await get(`/api/audit/events.csv?kind=reads&actorId=${READER.id}`);
    expect(csv.body).toContain(recordRead);
    expect(csv.body).toContain(listRead);
  });

  it('folds them in the grouped reads with the patients they showed', async () => {
    const { groups } = (await get(`/api/audit/reads?actorId=${READER.id}`)).json().data as { groups: Group[] };
    expect(groups).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ what: 'list', list: true, times: 1, patients: 2 }),
        expect.objectContaining({ what: 'detail', list: false, times: 1, patients: 1 }),
      ]),
    );
    expect(groups).toHaveLength(2);
  });

  it('counts a read of each patient they showed in the access report, also for one patient', async () => {
    const rows = (await get(`/api/audit/access-report?actorId=${READER.id}`)).json().data.rows as ReportRow[];
    const reads = Object.fromEntries(rows.map((r) => [r.patient.id, [r.reads, r.writes]]));
    expect(reads).toEqual({ [ada.id]: [2, 0], [bola.id]: [1, 0] });
    const ofBola = (await get(`/api/audit/access-report?patientId=${bola.id}`)).json().data.rows as ReportRow[];
    expect(ofBola.filter((r) => r.actor.id === READER.id)).toEqual([
      expect.objectContaining({ patient: expect.objectContaining({ id: bola.id }), reads: 1 }),
    ]);
  });

  it("lists them in each patient's history as reads, in their order", async () => {
    const historyOf = async (patientId: string) =>
      ((await get(`/api/patients/${patientId}/history`)).json().data.entries as HistoryEntry[]).filter(
        (e) => e.id === listRead || e.id === recordRead,
      );
    expect(await historyOf(ada.id)).toEqual([
      expect.objectContaining({ id: listRead, kind: 'read', action: 'Viewed the patient list (2 patients)' }),
      expect.objectContaining({ id: recordRead, kind: 'read' }),
    ]);
    expect((await historyOf(bola.id)).map((e) => e.id)).toEqual([listRead]);
  });

  it('keeps them from another hospital: its admin gets a 404 for the entry and none of them in its lists', async () => {
    const other = clinicalApi(() => s.t);
    const entry = await other.call(s.b.token, 'GET', `/api/audit/events/${recordRead}`);
    expect(entry.statusCode, entry.body).toBe(404);
    const theirs = await other.call(s.b.token, 'GET', `/api/audit/events?actorId=${READER.id}&kind=reads`);
    expect(theirs.statusCode, theirs.body).toBe(200);
    expect(theirs.json().data.entries).toEqual([]);
    const groups = await other.call(s.b.token, 'GET', `/api/audit/reads?actorId=${READER.id}`);
    expect(groups.json().data.groups).toEqual([]);
    const report = await other.call(s.b.token, 'GET', `/api/audit/access-report?actorId=${READER.id}`);
    expect(report.json().data.rows).toEqual([]);
  });
});
