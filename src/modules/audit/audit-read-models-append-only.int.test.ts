import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appendEventRead } from '../../../test/helpers/request-trail';
import { asClient, patientsApi, startPatientsSuite, type PatientsSuite } from '../../../test/helpers/patients-api';

/**
 * Issue 33 §2: what the trail and the access report show cannot be rewritten by the app, and
 * verify reports a shown field changed, or a view row deleted, behind the app's back.
 */
describe('the audit read models are append-only, and verify checks what they show', () => {
  let s: PatientsSuite;
  let owner: pg.Client;
  const api = patientsApi(() => s.t);
  const asApp = async (text: string) => {
    const c = await s.t.platform.pool.connect();
    try {
      return await c.query(text);
    } finally {
      c.release();
    }
  };
  const verify = async () => {
    const res = await s.t.app.inject({ method: 'GET', url: '/api/audit/verify', headers: asClient(s.tokens.admin) });
    expect(res.statusCode, res.body).toBe(200);
    return res.json().data;
  };
  /** As the owner, with the append-only triggers off for the one statement, as someone repairing by hand would. */
  const tamper = async (table: string, text: string, values: unknown[]) => {
    await owner.query(`alter table ${table} disable trigger ${table}_no_update_delete`);
    try {
      await owner.query(text, values);
    } finally {
      await owner.query(`alter table ${table} enable trigger ${table}_no_update_delete`);
    }
  };

  beforeAll(async () => {
    // An app of its own: this file writes to the read models as their owner.
    s = await startPatientsSuite(['receptionist'], { ownApp: true });
    owner = new pg.Client({ connectionString: s.t.db.url });
    await owner.connect();
    await api.registered(s.tokens.receptionist);
    // A list read: one view row per patient it showed.
    const list = await s.t.app.inject({
      method: 'GET',
      url: '/api/patients',
      headers: asClient(s.tokens.receptionist),
    });
    expect(list.statusCode).toBe(200);
    // A list read recorded as an event, as before the access log: its entry and its view row.
    const shown = (list.json() as { data: { patients: { id: string }[] } }).data.patients.map((p) => p.id);
    await appendEventRead(
      s.t.platform.store,
      s.a.hospital.id,
      { userId: s.a.admin.id, role: 'admin', name: s.a.admin.name },
      shown,
    );
    // An access report asked for: a row in the ledger of requests.
    const asked = await s.t.app.inject({
      method: 'POST',
      url: '/api/audit/access-report/exports',
      headers: asClient(s.tokens.admin),
      payload: {},
    });
    expect(asked.statusCode, asked.body).toBe(202);
    expect((await verify()).ok).toBe(true);
  });
  afterAll(async () => {
    await owner?.end();
    await s?.t.close();
  });

  // Every audit table, with a column each that a forger would change (issue 33 §2, migrations 0042 and 0043).
  it.each([
    ['audit_events', 'actor_name'],
    ['audit_patient_views', 'actor_name'],
    ['audit_reads', 'actor_name'],
    ['audit_chain_heads', 'hash'],
    ['audit_report_exports', 'requested_by'],
  ])('refuses UPDATE, DELETE and TRUNCATE on %s to the app (42501)', async (table, column) => {
    expect((await asApp(`select count(*)::int as n from ${table}`)).rows[0].n).toBeGreaterThan(0);
    for (const text of [
      `update ${table} set ${column} = 'Mallory'`,
      `delete from ${table}`,
      `truncate ${table}`,
      `alter table ${table} disable trigger all`,
    ]) {
      await expect(asApp(text), text).rejects.toMatchObject({ code: '42501' });
    }
    // The owner is refused too, by the trigger, until it turns the trigger off.
    await expect(owner.query(`delete from ${table}`)).rejects.toThrow(/append-only: DELETE refused/);
    const may = await asApp(
      `select has_table_privilege('${table}', 'INSERT') as ins, has_table_privilege('${table}', 'SELECT') as sel`,
    );
    expect(may.rows[0]).toEqual({ ins: true, sel: true });
  });

  it("reports a forged actor_name with the entry's sequence number", async () => {
    const { rows } = await owner.query<{ seq: string; actor_name: string; position: string }>(
      `select seq::text, actor_name, position::text from audit_events
        where hospital_id = $1 and primary_entry and seq is not null and actor_role = 'receptionist'
        order by seq limit 1`,
      [s.a.hospital.id],
    );
    const entry = rows[0]!;
    await tamper('audit_events', `update audit_events set actor_name = 'Dr. Nobody' where position = $1`, [
      entry.position,
    ]);
    try {
      const broken = await verify();
      expect(broken.ok).toBe(false);
      expect(broken.broken).toMatchObject({ seq: Number(entry.seq), reason: 'display' });
    } finally {
      await tamper('audit_events', `update audit_events set actor_name = $2 where position = $1`, [
        entry.position,
        entry.actor_name,
      ]);
    }
    expect((await verify()).ok).toBe(true);
  });

  it("reports a patient taken out of a read's view row with the read's sequence number", async () => {
    const { rows } = await owner.query<{ seq: string; position: string; patient_ids: string[] }>(
      `select a.seq::text, a.position::text, v.patient_ids from audit_events a
         join audit_patient_views v on v.position = a.position
        where a.hospital_id = $1 order by a.seq limit 1`,
      [s.a.hospital.id],
    );
    const read = rows[0]!;
    expect(read.patient_ids.length).toBeGreaterThan(0);
    const [gone] = read.patient_ids;
    // The row stays, as long as it was; one patient it showed is another's id now.
    await tamper(
      'audit_patient_views',
      `update audit_patient_views set patient_ids[1] = 'someone-else' where position = $1`,
      [read.position],
    );
    try {
      const broken = await verify();
      expect(broken.ok).toBe(false);
      expect(broken.broken).toMatchObject({ seq: Number(read.seq), reason: 'views' });
    } finally {
      await tamper('audit_patient_views', `update audit_patient_views set patient_ids[1] = $2 where position = $1`, [
        read.position,
        gone,
      ]);
    }
    expect((await verify()).ok).toBe(true);
  });

  it("reports a deleted access-report row with its read's sequence number", async () => {
    const { rows } = await owner.query<{ seq: string; position: string }>(
      `select a.seq::text, a.position::text from audit_events a
        where a.hospital_id = $1 and exists (select 1 from audit_patient_views v where v.position = a.position)
        order by a.seq limit 1`,
      [s.a.hospital.id],
    );
    const read = rows[0]!;
    await tamper('audit_patient_views', `delete from audit_patient_views where position = $1`, [read.position]);
    const broken = await verify();
    expect(broken.ok).toBe(false);
    expect(broken.broken).toMatchObject({ seq: Number(read.seq), reason: 'views' });
  });
});
