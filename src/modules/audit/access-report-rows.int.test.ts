import { type Kysely, sql } from 'kysely';
import { migrations } from '../../../migrations';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../../../test/helpers/database';
import { createDb, createPool, type Database } from '../../platform/db/database';
import { migrateToLatest } from '../../platform/db/migrator';
import { csvDocument } from '../../platform/http/csv';
import { ACCESS_REPORT_CSV_HEADER, accessReportCsv } from './access-report-csv';
import { accessReport, accessReportRows } from './read-models/access-report';

/**
 * The access report's rows, row for row: one per person and patient over the entries that name a
 * patient and the lists that showed one, busiest first, then by person, then by patient; reads,
 * writes and refusals counted apart; the first and last touch to the millisecond; and the CSV the
 * same rows as csvCell writes every cell, names that look like formulas or hold commas included.
 */
describe('the access report rows', () => {
  let tdb: TestDatabase;
  let db: Kysely<Database>;
  const at = (time: string) => `2026-11-26T${time}Z`;

  beforeAll(async () => {
    tdb = await createTestDatabase('hms_access_rows');
    db = createDb(createPool(tdb.url, 2));
    await migrateToLatest(db, migrations);
    const actors = {
      'u-a': ['=Ada "Nurse"', 'nurse'],
      'u-b': ['Obi, Chief', 'doctor'],
      'u-c': ['-Eve', 'receptionist'],
    } as const;
    type Actor = keyof typeof actors;
    // Entries naming a patient themselves: [position, actor, patient, type, time, shown entry].
    const direct: [number, Actor, string, string, string, boolean][] = [
      [1, 'u-b', 'p-1', 'PatientStatusChanged', '10:01:00.100', true],
      [2, 'u-b', 'p-1', 'RecordAccessed', '10:02:00.200', true],
      [3, 'u-b', 'p-1', 'AccessRefused', '10:03:00.300', true],
      [4, 'u-a', 'p-2', 'ConsultationRecorded', '10:04:00.400', true],
      [5, 'u-a', 'p-2', 'PrescriptionIssued', '10:04:00.400', false], // the same commit's second entry
      [6, 'u-c', 'p-1', 'RecordAccessed', '08:00:00.000', true], // before the window
      [7, 'u-c', 'p-3', 'RecordAccessed', '10:09:00.000', true],
    ];
    for (const [position, actor, patient, type, time, primary] of direct) {
      await sql`
        insert into audit_events (position, feed_tx, hospital_id, seq, event_id, event_type, stream_id,
          stream_revision, occurred_at, actor_id, actor_name, actor_role, action, outcome, primary_entry,
          patient_id, data)
        values (${position}, ${position}, 'h2', ${position}, gen_random_uuid(), ${type}, ${`s-${position}`}, 0,
          ${at(time)}, ${actor}, ${actors[actor][0]}, ${actors[actor][1]}, 'x', 'success', ${primary}, ${patient}, '{}')`.execute(
        db,
      );
    }
    // Patients lists showed: [position, actor, patient, time].
    const listed: [number, Actor, string, string][] = [
      [10, 'u-a', 'p-1', '10:05:00.500'],
      [11, 'u-a', 'p-1', '10:06:00.600'],
      [11, 'u-a', 'p-3', '10:06:00.600'],
      [12, 'u-c', 'p-2', '10:07:00.700'],
      [13, 'u-c', 'p-1', '10:08:00.123456'],
      [14, 'u-a', 'p-2', '10:10:00.999'],
      [15, 'u-b', 'p-2', '10:11:00.000'],
    ];
    // One view row per read with every patient it showed (migration 0046).
    for (const position of new Set(listed.map(([position]) => position))) {
      const shown = listed.filter(([p]) => p === position);
      const [, actor, , time] = shown[0]!;
      await sql`
        insert into audit_patient_views (hospital_id, patient_ids, position, occurred_at, actor_id, actor_name,
          actor_role, event_type, primary_entry)
        values ('h2', ${shown.map(([, , patient]) => patient)}::text[], ${position}, ${at(time)}, ${actor},
          ${actors[actor][0]}, ${actors[actor][1]}, 'RecordAccessed', true)`.execute(db);
    }
    await sql`
      insert into audit_subjects (hospital_id, kind, id, first_name, last_name)
      values ('h2', 'patient', 'p-1', '+Bisi', 'Obi, "Jr"'), ('h2', 'patient', 'p-2', 'Chidi', null)`.execute(db);
  });
  afterAll(async () => {
    await db?.destroy();
    await tdb?.drop();
  });

  const row = (
    actor: [string, string, string],
    patient: [string, string | null],
    [accesses, reads, writes, refusals]: number[],
    first: string,
    last: string,
  ) => ({
    actor: { id: actor[0], name: actor[1], role: actor[2] },
    patient: { id: patient[0], name: patient[1] },
    accesses,
    reads,
    writes,
    refusals,
    firstAccess: at(first),
    lastAccess: at(last),
  });
  const ada = ['u-a', '=Ada "Nurse"', 'nurse'] as [string, string, string];
  const obi = ['u-b', 'Obi, Chief', 'doctor'] as [string, string, string];
  const eve = ['u-c', '-Eve', 'receptionist'] as [string, string, string];
  const bisi = ['p-1', '+Bisi Obi, "Jr"'] as [string, string];
  const chidi = ['p-2', 'Chidi'] as [string, string];
  const unknown = ['p-3', null] as [string, null];
  const window = { from: new Date(at('09:00:00.000')) };

  it('groups by person and patient, busiest first, then by person and patient', async () => {
    expect(await accessReport(db, 'h2', window)).toEqual([
      row(obi, bisi, [3, 1, 1, 1], '10:01:00.100', '10:03:00.300'),
      row(ada, bisi, [2, 2, 0, 0], '10:05:00.500', '10:06:00.600'),
      row(ada, chidi, [2, 1, 1, 0], '10:04:00.400', '10:10:00.999'),
      row(ada, unknown, [1, 1, 0, 0], '10:06:00.600', '10:06:00.600'),
      row(obi, chidi, [1, 1, 0, 0], '10:11:00.000', '10:11:00.000'),
      row(eve, bisi, [1, 1, 0, 0], '10:08:00.123', '10:08:00.123'),
      row(eve, chidi, [1, 1, 0, 0], '10:07:00.700', '10:07:00.700'),
      row(eve, unknown, [1, 1, 0, 0], '10:09:00.000', '10:09:00.000'),
    ]);
  });

  it('narrowed to one patient, counts each read that showed the patient among others', async () => {
    // Position 11 showed p-1 and p-3 in one read: each of them has the read in their report.
    expect(await accessReport(db, 'h2', { ...window, patientId: 'p-3' })).toEqual([
      row(ada, unknown, [1, 1, 0, 0], '10:06:00.600', '10:06:00.600'),
      row(eve, unknown, [1, 1, 0, 0], '10:09:00.000', '10:09:00.000'),
    ]);
    expect(await accessReport(db, 'h2', { ...window, patientId: 'p-1', actorId: 'u-a' })).toEqual([
      row(ada, bisi, [2, 2, 0, 0], '10:05:00.500', '10:06:00.600'),
    ]);
    expect(
      await accessReport(db, 'h2', { from: new Date(at('10:06:00.000')), to: new Date(at('10:07:00.700')) }),
    ).toEqual([
      row(ada, bisi, [1, 1, 0, 0], '10:06:00.600', '10:06:00.600'),
      row(ada, unknown, [1, 1, 0, 0], '10:06:00.600', '10:06:00.600'),
      row(eve, chidi, [1, 1, 0, 0], '10:07:00.700', '10:07:00.700'),
    ]);
  });

  it('keeps the busiest rows when there are more than the limit', async () => {
    const rows = await accessReport(db, 'h2', window, 4);
    expect(rows.map((r) => [r.actor.id, r.patient.id])).toEqual([
      ['u-b', 'p-1'],
      ['u-a', 'p-1'],
      ['u-a', 'p-2'],
      ['u-a', 'p-3'],
    ]);
  });

  it('writes the CSV as csvCell writes each row, formulas and commas escaped', async () => {
    const rows = await accessReport(db, 'h2', window);
    const csv = accessReportCsv(await accessReportRows(db, 'h2', window));
    const cells = rows.map((r) => [
      r.actor.id,
      r.actor.name,
      r.actor.role,
      r.patient.id,
      r.patient.name,
      r.accesses,
      r.reads,
      r.writes,
      r.refusals,
      r.firstAccess,
      r.lastAccess,
    ]);
    expect(csv).toBe(csvDocument(ACCESS_REPORT_CSV_HEADER.split(','), cells));
    expect(csv.split('\r\n')[1]).toBe(
      `u-b,"Obi, Chief",doctor,p-1,"'+Bisi Obi, ""Jr""",3,1,1,1,${at('10:01:00.100')},${at('10:03:00.300')}`,
    );
    expect(csv.split('\r\n')[2]).toBe(
      `u-a,"'=Ada ""Nurse""",nurse,p-1,"'+Bisi Obi, ""Jr""",2,2,0,0,${at('10:05:00.500')},${at('10:06:00.600')}`,
    );
  });
});
