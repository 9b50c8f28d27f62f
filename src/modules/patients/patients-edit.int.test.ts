import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newPatient, patientsApi, startPatientsSuite, type PatientsSuite } from '../../../test/helpers/patients-api';

const STALE = 'This patient was changed by someone else. Review the current values and try again.';

describe('editing a patient', () => {
  let s: PatientsSuite;
  const api = patientsApi(() => s.t);
  let receptionist: string;
  const events = (id: string) => s.t.platform.store.readStream(`patient-${id}`);

  beforeAll(async () => {
    s = await startPatientsSuite(['receptionist', 'doctor']);
    receptionist = s.tokens.receptionist;
  });
  afterAll(async () => s?.t.close());

  it('records the changed fields with their old and new values, and answers the new version', async () => {
    const p = await api.registered(receptionist, { firstName: 'Emeka', address: '3 Allen Avenue, Ikeja' });
    const res = await api.edit(receptionist, p.id, {
      version: p.version,
      firstName: 'Chukwuemeka',
      address: '4 Allen Avenue, Ikeja',
      lastName: p.lastName,
      emergencyContactPhone: '0802 000 1111',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().message).toBe('Patient updated successfully!');
    const edited = res.json().data.patient;
    expect(edited).toMatchObject({
      id: p.id,
      name: `Chukwuemeka ${p.lastName}`,
      address: '4 Allen Avenue, Ikeja',
      emergencyContact: { phoneNumber: '0802 000 1111' },
      version: 2,
      dateRegistered: p.dateRegistered,
    });
    expect(Date.parse(edited.updatedAt)).toBeGreaterThanOrEqual(Date.parse(p.updatedAt as string));
    expect((await api.get(s.tokens.doctor, p.id)).json().data).toEqual(edited);

    const stream = await events(p.id);
    expect(stream.map((e) => e.type)).toEqual(['PatientRegistered', 'PatientDetailsEdited']);
    expect(stream[1]!.data).toEqual({
      patientId: p.id,
      changes: { firstName: 'Chukwuemeka', address: '4 Allen Avenue, Ikeja', emergencyContactPhone: '0802 000 1111' },
      previous: { firstName: 'Emeka', address: '3 Allen Avenue, Ikeja', emergencyContactPhone: null },
    });
    expect(stream[1]!.metadata.actor.role).toBe('receptionist');
  });

  it('answers a stale version with 409 and the current values, and changes nothing', async () => {
    const p = await api.registered(receptionist);
    const first = await api.edit(receptionist, p.id, { version: 1, address: 'First desk' });
    expect(first.statusCode).toBe(200);
    const second = await api.edit(s.tokens.admin, p.id, { version: 1, address: 'Second desk' });
    expect(second.statusCode).toBe(409);
    // The record as it stands, with who set its status last and when (issue 25), also under `data`.
    const current = {
      ...first.json().data.patient,
      changedBy: { id: expect.any(String), name: expect.any(String) },
      changedAt: expect.any(String),
    };
    expect(second.json()).toEqual({
      success: false,
      message: STALE,
      code: 'STALE_VERSION',
      current,
      data: { current },
    });
    expect((await events(p.id)).length).toBe(2);
    // Resent from the current version, it goes through.
    const retried = await api.edit(s.tokens.admin, p.id, { version: 2, address: 'Second desk' });
    expect(retried.json().data.patient).toMatchObject({ address: 'Second desk', version: 3 });
  });

  it('lets only one of two concurrent edits from the same version win', async () => {
    const p = await api.registered(receptionist);
    const answers = await Promise.all(
      ['Desk A', 'Desk B', 'Desk C'].map((address) => api.edit(receptionist, p.id, { version: 1, address })),
    );
    expect(answers.map((r) => r.statusCode).sort()).toEqual([200, 409, 409]);
    for (const r of answers.filter((a) => a.statusCode === 409)) expect(r.json().code).toBe('STALE_VERSION');
    expect((await events(p.id)).length).toBe(2);
  });

  it('needs the version, and checks edited fields with the registration rules', async () => {
    const p = await api.registered(receptionist);
    const missing = await api.edit(receptionist, p.id, { firstName: 'Ada' });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().errors).toEqual([
      expect.objectContaining({
        field: 'version',
        message: 'Version is required: send the version of the patient you edited',
      }),
    ]);
    const bad = await api.edit(receptionist, p.id, {
      version: 1,
      firstName: '',
      phoneNumber: '12',
      dateOfBirth: '2999-01-01',
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors.map((e: { message: string }) => e.message)).toEqual([
      'First name is required',
      'Date of birth cannot be in the future',
      'Please enter a valid phone number',
    ]);
    expect((await events(p.id)).length).toBe(1);
  });

  it('moves the identification number: the new one is taken, the old one free again', async () => {
    const p = await api.registered(receptionist);
    const other = await api.registered(receptionist);
    const taken = await api.edit(receptionist, p.id, { version: 1, identificationNumber: other.identificationNumber });
    expect(taken.statusCode).toBe(409);
    expect(taken.json().code).toBe('DUPLICATE_IDENTIFICATION');

    const newId = `moved${Date.now()}`;
    const moved = await api.edit(receptionist, p.id, { version: 1, identificationNumber: newId });
    expect(moved.statusCode).toBe(200);
    expect(moved.json().data.patient.identificationNumber).toBe(newId.toUpperCase());
    const reuseNew = await api.register(receptionist, newPatient({ identificationNumber: newId }));
    expect(reuseNew.json().code).toBe('DUPLICATE_IDENTIFICATION');
    const reuseOld = await api.register(receptionist, newPatient({ identificationNumber: p.identificationNumber }));
    expect(reuseOld.statusCode).toBe(201);
  });

  it('records nothing for an edit that changes nothing', async () => {
    const p = await api.registered(receptionist);
    const res = await api.edit(receptionist, p.id, { version: 1, firstName: p.firstName });
    expect(res.statusCode).toBe(200);
    expect(res.json().data.patient.version).toBe(1);
    expect((await events(p.id)).length).toBe(1);
  });

  it('changes the status, optionally pinned to a version, and refuses an unknown status', async () => {
    const p = await api.registered(receptionist);
    const res = await api.status(s.tokens.doctor, p.id, { status: 'Consultation' });
    expect(res.statusCode).toBe(200);
    expect(res.json().message).toBe('Patient status updated successfully!');
    expect(res.json().data.patient).toMatchObject({ status: 'consultation', version: 2 });
    const stream = await events(p.id);
    expect(stream[1]).toMatchObject({ type: 'PatientStatusChanged', data: { from: 'waiting', to: 'consultation' } });

    const stale = await api.status(s.tokens.doctor, p.id, { status: 'seen', version: 1 });
    expect(stale.statusCode).toBe(409);
    expect(stale.json()).toMatchObject({ code: 'STALE_VERSION', current: { status: 'consultation', version: 2 } });
    const pinned = await api.status(s.tokens.doctor, p.id, { status: 'test complete', version: 2 });
    expect(pinned.json().data.patient).toMatchObject({ status: 'test complete', version: 3 });
    expect((await api.list(s.tokens.doctor, 'status=test%20complete')).patients.map((x) => x.id)).toContain(p.id);

    const unknown = await api.status(s.tokens.doctor, p.id, { status: 'asleep' });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().errors[0]).toMatchObject({
      field: 'status',
      message:
        'Status must be one of: waiting, consultation, test complete, refer for test, seen, discharged, active, transferred',
    });
    const none = await api.status(s.tokens.doctor, p.id, {});
    expect(none.json().errors[0]).toMatchObject({ field: 'status', message: 'Status is required' });
  });
});
