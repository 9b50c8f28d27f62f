import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../../test/helpers/app';
import { onboardHospital, type Onboarded } from '../../../test/helpers/onboard';
import { bearer, hireAndSignIn } from '../../../test/helpers/staff-api';
import { ageOn, hospitalDate } from './clinic-time';

let n = 0;
const patient = (overrides: Record<string, unknown> = {}) => ({
  firstName: 'Chinedu',
  lastName: 'Okeke',
  dateOfBirth: '1988-07-14',
  gender: 'Male',
  phoneNumber: '+234 803 555 0101',
  address: '12 Awolowo Road, Ikoyi, Lagos',
  identificationNumber: `pat${Date.now().toString().slice(-6)}${String(++n).padStart(3, '0')}`,
  emergencyContactName: 'Ngozi Okeke',
  emergencyContactRelationship: 'Sister',
  emergencyContactPhone: '',
  ...overrides,
});

describe('patients API', () => {
  let t: TestApp;
  let a: Onboarded;
  let b: Onboarded;
  let receptionist: string;
  let doctor: string;
  let pharmacist: string;

  beforeAll(async () => {
    t = await startTestApp();
    [a, b] = await Promise.all([onboardHospital(t), onboardHospital(t)]);
    receptionist = (await hireAndSignIn(t, a.token, 'receptionist')).token;
    doctor = (await hireAndSignIn(t, a.token, 'doctor')).token;
    pharmacist = (await hireAndSignIn(t, a.token, 'pharmacist')).token;
  });
  afterAll(async () => t?.close());

  const register = (payload: object, token = receptionist) =>
    t.app.inject({ method: 'POST', url: '/api/patients', headers: bearer(token), payload });
  const list = async (query: string, token = doctor) => {
    const res = await t.app.inject({ method: 'GET', url: `/api/patients?${query}`, headers: bearer(token) });
    expect(res.statusCode).toBe(200);
    return res.json().data as { patients: { id: string; name: string }[]; pagination: Record<string, number> };
  };

  it('registers a patient as waiting, uppercasing the identification number', async () => {
    const input = patient({ gender: 'female', firstName: ' Amina ', lastName: 'Yusuf' });
    const res = await register(input);
    expect(res.statusCode).toBe(201);
    expect(res.json().message).toBe('Patient registered successfully!');
    const p = res.json().data.patient;
    expect(p).toMatchObject({
      name: 'Amina Yusuf',
      gender: 'Female',
      contact: '+234 803 555 0101',
      status: 'waiting',
      identificationNumber: input.identificationNumber.toUpperCase(),
      age: ageOn('1988-07-14', hospitalDate(new Date())),
      // A blank emergency phone means the patient's own.
      emergencyContact: { name: 'Ngozi Okeke', relationship: 'Sister', phoneNumber: '+234 803 555 0101' },
    });
    const events = await t.platform.store.readStream(`patient-${p.id}`);
    expect(events.map((e) => e.type)).toEqual(['PatientRegistered']);
    expect(events[0]!.metadata.hospitalId).toBe(a.hospital.id);

    const got = await t.app.inject({ method: 'GET', url: `/api/patients/${p.id}`, headers: bearer(doctor) });
    expect(got.statusCode).toBe(200);
    expect(got.json().data).toMatchObject({ id: p.id, name: 'Amina Yusuf', address: input.address });
  });

  it('answers an empty registration with every message of the spec, and records nothing', async () => {
    const before = (await list('count_only=true')).pagination.totalPatients;
    const res = await register({});
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toEqual([
      { field: 'firstName', message: 'First name is required' },
      { field: 'lastName', message: 'Last name is required' },
      { field: 'dateOfBirth', message: 'Date of birth is required' },
      { field: 'gender', message: 'Gender is required' },
      { field: 'phoneNumber', message: 'Phone number is required' },
      { field: 'address', message: 'Address is required' },
      { field: 'identificationNumber', message: 'Identification number is required' },
    ]);
    expect((await list('count_only=true')).pagination.totalPatients).toBe(before);
  });

  it('refuses a date of birth in the future and an invalid phone number', async () => {
    const res = await register(patient({ dateOfBirth: '2999-01-01', phoneNumber: '0803-55' }));
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toEqual(
      expect.arrayContaining([
        { field: 'dateOfBirth', message: 'Date of birth cannot be in the future' },
        { field: 'phoneNumber', message: 'Please enter a valid phone number' },
      ]),
    );
    const letters = await register(patient({ phoneNumber: '0803 ABC 12345' }));
    expect(letters.json().errors).toEqual([{ field: 'phoneNumber', message: 'Please enter a valid phone number' }]);
    expect((await register(patient({ phoneNumber: '(0803) 555-0101' }))).statusCode).toBe(201);
  });

  it('keeps identification numbers unique within a hospital, whatever their case, but not across hospitals', async () => {
    const input = patient();
    expect((await register(input)).statusCode).toBe(201);
    const again = await register({ ...patient(), identificationNumber: input.identificationNumber.toUpperCase() });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe('A patient with this identification number already exists');
    expect((await register(input, b.token)).statusCode).toBe(201);
  });

  it('ignores a status or hospital sent with the registration', async () => {
    const res = await register(
      patient({ status: 'discharged', hospitalId: b.hospital.id, registrationDate: '2020-01-01' }),
    );
    expect(res.statusCode).toBe(201);
    const p = res.json().data.patient;
    expect(p.status).toBe('waiting');
    const other = await t.app.inject({ method: 'GET', url: `/api/patients/${p.id}`, headers: bearer(b.token) });
    expect(other.statusCode).toBe(404);
  });

  it('searches by name, identification number and phone, and pages newest first', async () => {
    const surname = `Adebayo${Date.now()}`;
    const ids: string[] = [];
    for (let i = 0; i < 3; i++) {
      const res = await register(patient({ lastName: surname, phoneNumber: `0809${String(i).padStart(7, '7')}` }));
      ids.push(res.json().data.patient.id);
    }
    const found = await list(`search=${surname.toLowerCase()}&limit=2`);
    expect(found.pagination).toEqual({ page: 1, limit: 2, totalPages: 2, totalPatients: 3 });
    expect(found.patients.map((p) => p.id)).toEqual([ids[2], ids[1]]);
    expect((await list(`search=${surname}&limit=2&page=2`)).patients.map((p) => p.id)).toEqual([ids[0]]);
    expect((await list(`search=Chinedu%20${surname}`)).pagination.totalPatients).toBe(3);
    expect((await list('search=08097777770')).patients.map((p) => p.id)).toEqual([ids[0]]);
    const byId = (await t.app.inject({ method: 'GET', url: `/api/patients/${ids[1]}`, headers: bearer(doctor) })).json()
      .data;
    expect((await list(`search=${byId.identificationNumber.toLowerCase()}`)).patients.map((p) => p.id)).toEqual([
      ids[1],
    ]);
  });

  it('filters by status, counts only on request and reports stats for today in Lagos', async () => {
    const all = await list('limit=1000');
    expect(all.pagination.totalPatients).toBeGreaterThan(0);
    expect((await list('status=waiting&limit=1000')).pagination.totalPatients).toBe(all.pagination.totalPatients);
    expect((await list('status=seen')).pagination.totalPatients).toBe(0);
    const counted = await list('count_only=true');
    expect(counted.patients).toEqual([]);
    expect(counted.pagination.totalPatients).toBe(all.pagination.totalPatients);

    const stats = await t.app.inject({ method: 'GET', url: '/api/patients/stats', headers: bearer(receptionist) });
    expect(stats.statusCode).toBe(200);
    expect(stats.json().data).toEqual({
      totalPatients: all.pagination.totalPatients,
      byStatus: { waiting: all.pagination.totalPatients },
      registeredToday: all.pagination.totalPatients,
    });
  });

  it("never shows another hospital's patients", async () => {
    const theirs = (await register(patient({ firstName: 'Secret' }), b.token)).json().data.patient;
    const res = await t.app.inject({ method: 'GET', url: `/api/patients/${theirs.id}`, headers: bearer(a.token) });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ success: false, message: 'Patient not found' });
    expect((await list('search=Secret')).patients).toEqual([]);
    const mine = await list('search=Secret', b.token);
    expect(mine.patients.map((p) => p.id)).toEqual([theirs.id]);
  });

  it('lets admins, doctors, nurses and receptionists read, only admins and receptionists register', async () => {
    expect((await register(patient(), a.token)).statusCode).toBe(201);
    for (const token of [doctor, pharmacist]) {
      const res = await register(patient(), token);
      expect(res.statusCode).toBe(403);
    }
    for (const url of ['/api/patients', '/api/patients/stats']) {
      expect((await t.app.inject({ method: 'GET', url, headers: bearer(pharmacist) })).statusCode).toBe(403);
      expect((await t.app.inject({ method: 'GET', url })).statusCode).toBe(401);
    }
  });
});
