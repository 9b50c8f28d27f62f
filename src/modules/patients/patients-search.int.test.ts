import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { patientsApi, startPatientsSuite, type PatientsSuite } from '../../../test/helpers/patients-api';
import { normalisePhone } from './phone';
import { listPatients } from './read-models/patients-queries';

describe('the patient list and its search', () => {
  let s: PatientsSuite;
  const api = patientsApi(() => s.t);
  let receptionist: string;
  let doctor: string;
  const ids = (page: { patients: { id: string }[] }) => page.patients.map((p) => p.id);

  beforeAll(async () => {
    s = await startPatientsSuite(['receptionist', 'doctor']);
    receptionist = s.tokens.receptionist;
    doctor = s.tokens.doctor;
  });
  afterAll(async () => s?.t.close());

  it('searches by name in either order, any case, partial, and pages newest first', async () => {
    const surname = `Adebayo${Date.now()}`;
    const made = [];
    for (let i = 0; i < 3; i++)
      made.push(await api.registered(receptionist, { firstName: 'Kelechi', lastName: surname }));
    const found = await api.list(doctor, `search=${surname.toLowerCase()}&limit=2`);
    expect(found.pagination).toEqual({ page: 1, limit: 2, totalPages: 2, totalPatients: 3 });
    expect(ids(found)).toEqual([made[2]!.id, made[1]!.id]);
    expect(ids(await api.list(doctor, `search=${surname}&limit=2&page=2`))).toEqual([made[0]!.id]);
    expect((await api.list(doctor, `search=KELECHI%20${surname}`)).pagination.totalPatients).toBe(3);
    expect((await api.list(doctor, `search=${surname}%20kelechi`)).pagination.totalPatients).toBe(3);
    expect((await api.list(doctor, `search=${surname.slice(3, 12)}`)).pagination.totalPatients).toBe(3);
    const item = found.patients[0]!;
    expect(Object.keys(item).sort()).toEqual(
      [
        'id',
        'name',
        'firstName',
        'lastName',
        'age',
        'gender',
        'contact',
        'status',
        'dateRegistered',
        'identificationNumber',
        'diagnosis',
        'vitals',
        'registeredBy',
      ].sort(),
    );
  });

  it('finds a patient by part of the identification number, any case', async () => {
    const p = await api.registered(receptionist);
    const fragment = p.identificationNumber.slice(3, 12).toLowerCase();
    expect(ids(await api.list(doctor, `search=${fragment}`))).toEqual([p.id]);
  });

  it('finds a phone number however it or the search is written', async () => {
    const p = await api.registered(receptionist, { phoneNumber: '0809 777 1234' });
    for (const search of ['+234 809 777 1234', '08097771234', '809-777-1234', '2348097771234', '777 1234', '0809777']) {
      expect(ids(await api.list(doctor, `search=${encodeURIComponent(search)}`)), search).toEqual([p.id]);
    }
    const q = await api.registered(receptionist, { phoneNumber: '+234 (0) 705 123 9876' });
    expect(ids(await api.list(doctor, 'search=07051239876'))).toEqual([q.id]);
  });

  it('stores phone digits in the list exactly as the phone module normalises them', async () => {
    const writings = ['+234 803 123 4567', '(0803) 123-4567', '00234 803 123 4567', '+44 20 7946 0958', '2345678901'];
    for (const phoneNumber of writings) await api.registered(receptionist, { phoneNumber, allowDuplicate: true });
    const { rows } = await sql<{ phone_number: string; phone_digits: string }>`
      select phone_number, phone_digits from patients_list where phone_number in (${sql.join(writings)})`.execute(
      s.t.platform.db,
    );
    expect(rows).toHaveLength(writings.length);
    for (const r of rows) expect(r.phone_digits, r.phone_number).toBe(normalisePhone(r.phone_number));
  });

  it('takes %, _, quotes and backslashes literally', async () => {
    const odd = await api.registered(receptionist, { firstName: "O'Neil", lastName: 'Percent%Under_Back\\slash' });
    const plain = await api.registered(receptionist, { firstName: 'Oneil', lastName: 'PercentXUnderYBackZslash' });
    for (const search of ['%', '_', "O'Neil", "o'neil percent%", 'Percent%Under_', 'Under_Back\\slash', '\\']) {
      expect(ids(await api.list(doctor, `search=${encodeURIComponent(search)}`)), search).toEqual([odd.id]);
    }
    expect(ids(await api.list(doctor, 'search=PercentXUnder'))).toEqual([plain.id]);
    expect((await api.list(doctor, `search=${encodeURIComponent('%%nobody%%')}`)).patients).toEqual([]);
    const quoted = await api.list(doctor, `search=${encodeURIComponent(`"'; drop table patients_list; --`)}`);
    expect(quoted.pagination.totalPatients).toBe(0);
  });

  it('counts only on request, filters by status, and refuses an unknown status', async () => {
    const all = await api.list(doctor, 'limit=1000');
    expect(all.pagination.totalPatients).toBe(all.patients.length);
    const counted = await api.list(doctor, 'count_only=true');
    expect(counted).toEqual({
      patients: [],
      pagination: {
        page: 1,
        limit: 10,
        totalPages: Math.ceil(all.patients.length / 10),
        totalPatients: all.patients.length,
      },
    });
    const surname = `Filter${Date.now()}`;
    await api.registered(receptionist, { lastName: surname });
    expect((await api.list(doctor, `count_only=true&search=${surname}`)).pagination.totalPatients).toBe(1);

    expect((await api.list(doctor, 'status=waiting&limit=1000')).pagination.totalPatients).toBe(
      all.patients.length + 1,
    );
    for (const status of ['seen', 'test%20complete', 'Refer%20For%20Test']) {
      expect((await api.list(doctor, `status=${status}`)).pagination.totalPatients, status).toBe(0);
    }
    for (const status of ['all', '']) {
      expect((await api.list(doctor, `status=${status}`)).pagination.totalPatients).toBe(all.patients.length + 1);
    }
    const bad = await api.call(doctor, 'GET', '/api/patients?status=sleeping');
    expect(bad.statusCode).toBe(400);
    const message =
      'Status must be one of: waiting, consultation, test complete, refer for test, seen, discharged, active, transferred (or all)';
    expect(bad.json().errors).toEqual([{ field: 'status', message }]);
  });

  it('counts a search up to the cap and says so, but counts a plain list exactly', async () => {
    const surname = `Capped${Date.now()}`;
    const made: string[] = [];
    for (let i = 0; i < 3; i++) made.unshift((await api.registered(receptionist, { lastName: surname })).id);
    const hospitalId = s.a.hospital.id;
    const query = { page: 1, limit: 10 };
    const searched = await listPatients(s.t.platform.db, hospitalId, { ...query, search: surname }, new Date(), 2);
    expect({ total: searched.total, capped: searched.totalIsCapped, rows: searched.patients.length }).toEqual({
      total: 2,
      capped: true,
      rows: 3,
    });
    // Beyond the cap the page still comes newest first, from all the matches.
    expect(searched.patients.map((p) => p.id)).toEqual(made);
    const exact = await listPatients(s.t.platform.db, hospitalId, { ...query, search: surname }, new Date(), 3);
    expect([exact.total, exact.totalIsCapped]).toEqual([3, false]);
    expect(exact.patients.map((p) => p.id)).toEqual(made);
    const second = { page: 2, limit: 2, search: surname };
    expect((await listPatients(s.t.platform.db, hospitalId, second, new Date(), 2)).patients.map((p) => p.id)).toEqual([
      made[2],
    ]);
    const all = await listPatients(s.t.platform.db, hospitalId, query, new Date(), 2);
    expect(all.totalIsCapped).toBe(false);
    expect(all.total).toBe((await api.stats(receptionist)).totalPatients);
    expect(all.total).toBeGreaterThan(3);
  });

  it('reports counts per status, registered today and seen, for this hospital only', async () => {
    const before = await api.stats(receptionist);
    expect(Object.keys(before.byStatus)).toEqual([
      'waiting',
      'consultation',
      'test complete',
      'refer for test',
      'seen',
      'discharged',
      'active',
      'transferred',
    ]);
    expect(before.totalPatients).toBe((await api.list(doctor, 'count_only=true')).pagination.totalPatients);
    expect(before.registeredToday).toBe(before.totalPatients);
    const p = await api.registered(receptionist);
    await api.registered(s.otherReceptionist);
    expect((await api.status(doctor, p.id, { status: 'seen' })).statusCode).toBe(200);
    expect((await api.status(doctor, p.id, { status: 'discharged' })).statusCode).toBe(200);
    const after = await api.stats(doctor);
    expect(after).toEqual({
      totalPatients: before.totalPatients + 1,
      byStatus: { ...before.byStatus, discharged: before.byStatus.discharged! + 1 },
      registeredToday: before.registeredToday + 1,
      // Seen once counts, even after discharge.
      seenCount: before.seenCount + 1,
    });
  });
});
