import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newPatient, patientsApi, startPatientsSuite, type PatientsSuite } from '../../../test/helpers/patients-api';
import { ageOn, DEFAULT_TIME_ZONE, hospitalDate } from '../../shared/hospital-calendar';

describe('registering patients', () => {
  let s: PatientsSuite;
  const api = patientsApi(() => s.t);
  let receptionist: string;

  beforeAll(async () => {
    s = await startPatientsSuite(['receptionist', 'doctor']);
    receptionist = s.tokens.receptionist;
  });
  afterAll(async () => s?.t.close());

  const count = async () => (await api.list(s.tokens.doctor, 'count_only=true')).pagination.totalPatients;

  it('registers a patient as waiting, uppercasing the identification number, and records who did it', async () => {
    const input = newPatient({ gender: 'female', firstName: ' Amina ', lastName: 'Yusuf', dateOfBirth: '1988-07-14' });
    const res = await api.register(receptionist, input);
    expect(res.statusCode).toBe(201);
    expect(res.json().message).toBe('Patient registered successfully!');
    const p = res.json().data.patient;
    expect(p).toMatchObject({
      name: 'Amina Yusuf',
      firstName: 'Amina',
      gender: 'Female',
      contact: input.phoneNumber,
      phoneNumber: input.phoneNumber,
      status: 'waiting',
      identificationNumber: String(input.identificationNumber).toUpperCase(),
      age: ageOn('1988-07-14', hospitalDate(new Date(), DEFAULT_TIME_ZONE)),
      dateOfBirth: '1988-07-14',
      // A blank emergency phone means the patient's own.
      emergencyContact: { name: 'Ngozi Okeke', relationship: 'Sister', phoneNumber: input.phoneNumber },
      diagnosis: null,
      vitals: null,
      prescriptions: [],
      version: 1,
    });
    expect(Date.parse(p.dateRegistered)).toBeGreaterThan(Date.now() - 60_000);
    expect(p.updatedAt).toBe(p.dateRegistered);

    const events = await s.t.platform.store.readStream(`patient-${p.id}`);
    expect(events.map((e) => e.type)).toEqual(['PatientRegistered']);
    expect(events[0]!.metadata).toMatchObject({
      hospitalId: s.a.hospital.id,
      actor: { role: 'receptionist' },
    });
    expect(events[0]!.metadata.requestId).toBeTruthy();

    const got = await api.get(s.tokens.doctor, p.id);
    expect(got.statusCode).toBe(200);
    expect(got.json().data).toEqual(p);
  });

  it('answers an empty registration with every message of the spec, in the documented shape, and records nothing', async () => {
    const before = await count();
    const res = await api.register(receptionist, {});
    expect(res.statusCode).toBe(400);
    const messages = [
      ['firstName', 'First name is required'],
      ['lastName', 'Last name is required'],
      ['dateOfBirth', 'Date of birth is required'],
      ['gender', 'Gender is required'],
      ['phoneNumber', 'Phone number is required'],
      ['address', 'Address is required'],
      ['identificationNumber', 'Identification number is required'],
    ];
    expect(res.json()).toEqual({
      success: false,
      message: 'Please check your input and try again',
      errors: messages.map(([field, message]) => ({ field, message })),
    });
    expect(await count()).toBe(before);
  });

  it('gives each required field its own message when only that one is blank', async () => {
    for (const [field, message] of [
      ['firstName', 'First name is required'],
      ['lastName', 'Last name is required'],
      ['dateOfBirth', 'Date of birth is required'],
      ['gender', 'Gender is required'],
      ['phoneNumber', 'Phone number is required'],
      ['address', 'Address is required'],
      ['identificationNumber', 'Identification number is required'],
    ]) {
      const res = await api.register(receptionist, newPatient({ [field!]: '   ' }));
      expect(res.statusCode, field).toBe(400);
      expect(res.json().errors, field).toEqual([{ field, message }]);
    }
  });

  it('refuses a date of birth in the future and an invalid phone number', async () => {
    const res = await api.register(receptionist, newPatient({ dateOfBirth: '2999-01-01', phoneNumber: '0803-55' }));
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toEqual([
      {
        field: 'dateOfBirth',
        message: 'Date of birth cannot be in the future',
      },
      { field: 'phoneNumber', message: 'Please enter a valid phone number' },
    ]);
    const letters = await api.register(receptionist, newPatient({ phoneNumber: '0803 ABC 12345' }));
    expect(letters.json().errors).toEqual([{ field: 'phoneNumber', message: 'Please enter a valid phone number' }]);
    const contact = await api.register(receptionist, newPatient({ emergencyContactPhone: '12' }));
    expect(contact.json().errors.map((e: { field: string }) => e.field)).toEqual(['emergencyContactPhone']);
    const gender = await api.register(receptionist, newPatient({ gender: 'Unknown' }));
    expect(gender.json().errors).toEqual([{ field: 'gender', message: 'Gender must be Male, Female or Other' }]);
    expect((await api.register(receptionist, newPatient({ phoneNumber: '(0803) 555-0101' }))).statusCode).toBe(201);
  });

  it('keeps identification numbers unique within a hospital, whatever their case, but not across hospitals', async () => {
    const input = newPatient();
    expect((await api.register(receptionist, input)).statusCode).toBe(201);
    const again = await api.register(
      receptionist,
      newPatient({ identificationNumber: String(input.identificationNumber).toUpperCase() }),
    );
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({
      success: false,
      message: 'A patient with this identification number already exists',
      code: 'DUPLICATE_IDENTIFICATION',
    });
    expect((await api.register(s.otherReceptionist, input)).statusCode).toBe(201);
  });

  it('warns of a likely duplicate by phone however it is written, with the candidates, and registers on confirmation', async () => {
    const first = await api.registered(receptionist, { phoneNumber: '+234 803 411 2233' });
    for (const phoneNumber of ['08034112233', '803-411-2233', '(0803) 411 2233']) {
      const res = await api.register(receptionist, newPatient({ phoneNumber }));
      expect(res.statusCode, phoneNumber).toBe(409);
      expect(res.json(), phoneNumber).toEqual({
        success: false,
        message: 'This patient may already be registered',
        code: 'LIKELY_DUPLICATE',
        candidates: [
          {
            id: first.id,
            name: first.name,
            dateOfBirth: first.dateOfBirth,
            phoneNumber: '+234 803 411 2233',
            identificationNumber: first.identificationNumber,
          },
        ],
      });
    }
    const before = await count();
    const confirmed = await api.register(
      receptionist,
      newPatient({ phoneNumber: '08034112233', allowDuplicate: true }),
    );
    expect(confirmed.statusCode).toBe(201);
    expect(await count()).toBe(before + 1);
    // Now there are two candidates, newest first.
    const third = await api.register(receptionist, newPatient({ phoneNumber: '0803 411 2233' }));
    expect(third.json().candidates.map((c: { id: string }) => c.id)).toEqual([
      confirmed.json().data.patient.id,
      first.id,
    ]);
  });

  it('warns of a likely duplicate by the same names (any case) and date of birth', async () => {
    const first = await api.registered(receptionist, {
      firstName: 'Olumide',
      lastName: 'Bakare',
      dateOfBirth: '1975-02-03',
    });
    const res = await api.register(
      receptionist,
      newPatient({ firstName: 'OLUMIDE', lastName: 'bakare', dateOfBirth: '1975-02-03' }),
    );
    expect(res.statusCode).toBe(409);
    expect(res.json().candidates.map((c: { id: string }) => c.id)).toEqual([first.id]);
    // Another date of birth, or another hospital, is another person.
    const born = newPatient({ firstName: 'Olumide', lastName: 'Bakare', dateOfBirth: '1975-02-04' });
    expect((await api.register(receptionist, born)).statusCode).toBe(201);
    const elsewhere = newPatient({ firstName: 'Olumide', lastName: 'Bakare', dateOfBirth: '1975-02-03' });
    expect((await api.register(s.otherReceptionist, elsewhere)).statusCode).toBe(201);
  });

  it('ignores a status or hospital sent with the registration', async () => {
    const res = await api.register(
      receptionist,
      newPatient({ status: 'discharged', hospitalId: s.b.hospital.id, registrationDate: '2020-01-01' }),
    );
    expect(res.statusCode).toBe(201);
    const p = res.json().data.patient;
    expect(p.status).toBe('waiting');
    expect((await api.get(s.b.token, p.id)).statusCode).toBe(404);
  });
});
