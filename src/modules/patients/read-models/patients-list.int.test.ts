import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { patientsApi, startPatientsSuite, type PatientsSuite } from '../../../../test/helpers/patients-api';
import { createLogger } from '../../../platform/logger';
import type { RecordedEvent } from '../../../platform/event-store/port';
import { ProjectionRunner } from '../../../platform/projections/runner';
import { PATIENTS_LIST, patientsListProjection } from './patients-list';

describe('the patients-list projection', () => {
  let s: PatientsSuite;
  const api = patientsApi(() => s.t);

  const snapshot = async () => {
    const db = s.t.platform.db;
    const list = await sql`select * from patients_list order by patient_id`.execute(db);
    // Shards depend on the connection that wrote them: compare each bucket's total.
    const counts = await sql`select hospital_id, bucket, sum(patients)::int as patients from patient_counts
      group by hospital_id, bucket order by hospital_id, bucket`.execute(db);
    return { list: list.rows, counts: counts.rows };
  };

  beforeAll(async () => {
    // An app of its own: this file reads the whole store and rebuilds the list.
    s = await startPatientsSuite(['receptionist', 'doctor', 'nurse'], { ownApp: true });
    const { receptionist, doctor, nurse } = s.tokens;
    // A little of everything, in two hospitals.
    const made = [];
    for (let i = 0; i < 6; i++) made.push(await api.registered(receptionist));
    await api.registered(s.otherReceptionist);
    await api.status(doctor, made[0]!.id, { status: 'seen' });
    await api.status(doctor, made[0]!.id, { status: 'discharged' });
    await api.status(nurse, made[1]!.id, { status: 'consultation' });
    await api.vitals(nurse, made[2]!.id, { pulseRate: 80, temperature: 37 });
    await api.edit(receptionist, made[3]!.id, { version: 1, firstName: 'Renamed', identificationNumber: 'MOVED-1' });
    await api.status(doctor, made[4]!.id, { status: 'seen' });
    await api.remove(receptionist, made[4]!.id);
    await api.remove(receptionist, made[5]!.id);
  });
  afterAll(async () => s?.t.close());

  it('changes nothing when every event is applied again (idempotent by position)', async () => {
    const before = await snapshot();
    expect(before.list).toHaveLength(7);
    const events: RecordedEvent[] = [];
    for (let after = null as RecordedEvent['globalPosition'] | null; ;) {
      const page = await s.t.platform.store.readAll({ after, limit: 500 });
      if (page.length === 0) break;
      events.push(...page);
      after = page[page.length - 1]!.globalPosition;
    }
    const handled = events.filter((e) => patientsListProjection.handlers[e.type]);
    expect(handled.length).toBeGreaterThan(10);
    await s.t.platform.db.transaction().execute(async (trx) => {
      // Forwards, then backwards: an older event after a newer one of its stream changes nothing either.
      for (const e of [...handled, ...handled.reverse()]) await patientsListProjection.handlers[e.type]!(trx, e);
    });
    expect(await snapshot()).toEqual(before);
  });

  it('takes a run of registrations as one statement that changes nothing when they are already in', async () => {
    const before = await snapshot();
    const registered: RecordedEvent[] = [];
    for (let after = null as RecordedEvent['globalPosition'] | null; ;) {
      const page = await s.t.platform.store.readAll({ after, limit: 500 });
      if (page.length === 0) break;
      registered.push(...page.filter((e) => e.type === 'PatientRegistered'));
      after = page[page.length - 1]!.globalPosition;
    }
    expect(registered.length).toBe(7);
    await s.t.platform.db.transaction().execute(async (trx) => {
      await patientsListProjection.batchHandlers!.PatientRegistered!(trx, [...registered, ...registered]);
    });
    expect(await snapshot()).toEqual(before);
  });

  it('rebuilds from the events to exactly what the commands left, counts included', async () => {
    const before = await snapshot();
    expect(before.counts.length).toBeGreaterThan(0);
    const runner = new ProjectionRunner(
      s.t.platform.db,
      s.t.platform.store,
      { projections: [patientsListProjection] },
      createLogger('silent'),
    );
    await runner.rebuild(PATIENTS_LIST);
    expect(await snapshot()).toEqual(before);
  });
});

describe('the patient counts under concurrent registrations', () => {
  let s: PatientsSuite;
  const api = patientsApi(() => s.t);
  beforeAll(async () => {
    // An app of its own: this file reads the whole store and rebuilds the list.
    s = await startPatientsSuite(['receptionist'], { ownApp: true });
  });
  afterAll(async () => s?.t.close());

  it('counts every one of many registrations made at the same moment, and lists them all', async () => {
    const { receptionist } = s.tokens;
    const made = await Promise.all(Array.from({ length: 40 }, () => api.registered(receptionist)));
    expect(new Set(made.map((p) => p.id)).size).toBe(40);
    const stats = await api.stats(receptionist);
    expect(stats).toMatchObject({ totalPatients: 40, registeredToday: 40, byStatus: { waiting: 40 } });
    const page = await api.list(receptionist, 'page=1&limit=50');
    expect(page.pagination.totalPatients).toBe(40);
    expect(new Set(page.patients.map((p) => p.id))).toEqual(new Set(made.map((p) => p.id)));
  });

  it('shows a registration in the next list its desk asks for, while other desks keep asking for the same page', async () => {
    const { receptionist } = s.tokens;
    let busy = true;
    // Other desks refetching page 1 without pause: their reads are the ones a new request may share.
    const desks = Array.from({ length: 8 }, async () => {
      while (busy) await api.list(receptionist, 'page=1&limit=10');
    });
    try {
      for (let i = 0; i < 50; i++) {
        const registered = await api.registered(receptionist);
        const page = await api.list(receptionist, 'page=1&limit=10');
        expect(page.patients[0]!.id).toBe(registered.id);
      }
    } finally {
      busy = false;
      await Promise.all(desks);
    }
  });
});
