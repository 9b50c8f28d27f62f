import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newPatient, patientsApi, startPatientsSuite, type PatientsSuite } from '../../../test/helpers/patients-api';

describe('vitals and deletion', () => {
  let s: PatientsSuite;
  const api = patientsApi(() => s.t);
  let receptionist: string;
  let nurse: string;

  beforeAll(async () => {
    s = await startPatientsSuite(['receptionist', 'nurse', 'doctor']);
    receptionist = s.tokens.receptionist;
    nurse = s.tokens.nurse;
  });
  afterAll(async () => s?.t.close());

  it('records vitals with who took them, shows them as the last vitals in the list and the detail', async () => {
    const p = await api.registered(receptionist);
    const res = await api.vitals(nurse, p.id, {
      bloodPressure: '118/76',
      pulseRate: '72',
      temperature: 98.6,
      weight: 64.5,
      oxygenSaturation: 97,
    });
    expect(res.statusCode).toBe(201);
    expect(res.json().message).toBe('Vitals recorded successfully!');
    const vitals = res.json().data.vitals;
    expect(vitals).toEqual({
      bloodPressure: '118/76',
      pulseRate: 72,
      temperature: 98.6,
      temperatureUnit: 'F',
      weight: 64.5,
      height: null,
      respiratoryRate: null,
      oxygenSaturation: 97,
      recordedAt: expect.any(String),
      recordedBy: { id: expect.any(String), name: expect.any(String) },
    });
    const [, event] = await s.t.platform.store.readStream(`patient-${p.id}`);
    expect(event).toMatchObject({ type: 'VitalsRecorded', metadata: { actor: { role: 'nurse' } } });
    expect(vitals.recordedBy.id).toBe(event!.metadata.actor.userId);
    expect(vitals.recordedAt).toBe(event!.metadata.occurredAt);

    const detail = (await api.get(s.tokens.doctor, p.id)).json().data;
    expect(detail).toMatchObject({ vitals, version: 2 });
    const listed = await api.list(s.tokens.doctor, `search=${p.identificationNumber}`);
    expect(listed.patients[0]!.vitals).toEqual(vitals);
    // A later reading replaces the last vitals.
    await api.vitals(s.tokens.doctor, p.id, { temperature: '37.1' });
    expect((await api.get(nurse, p.id)).json().data.vitals).toMatchObject({
      temperature: 37.1,
      temperatureUnit: 'C',
      pulseRate: null,
    });
  });

  it('refuses implausible vitals with a message per field, and a call that records nothing', async () => {
    const p = await api.registered(receptionist);
    const res = await api.vitals(nurse, p.id, {
      pulseRate: 720,
      temperature: 370,
      bloodPressure: '12/8',
      oxygenSaturation: 101,
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors.map((e: { field: string; message: string }) => [e.field, e.message])).toEqual([
      ['bloodPressure', 'Systolic pressure must be between 50 and 250 mmHg'],
      ['pulseRate', 'Pulse rate must be between 20 and 250 beats per minute'],
      ['temperature', 'Temperature must be between 30 and 45 °C or between 86 and 113 °F'],
      ['oxygenSaturation', 'Oxygen saturation must be between 50 and 100 %'],
    ]);
    for (const payload of [{}, { pulseRate: '' }, undefined]) {
      const empty = await s.t.app.inject({
        method: 'POST',
        url: `/api/patients/${p.id}/vitals`,
        headers: { authorization: `Bearer ${nurse}`, 'content-type': 'application/json' },
        ...(payload ? { payload } : {}),
      });
      expect(empty.statusCode).toBe(400);
      expect(empty.json().errors).toEqual([
        {
          field: 'vitals',
          message: 'Please record at least one vital sign',
        },
      ]);
    }
    expect((await s.t.platform.store.readStream(`patient-${p.id}`)).length).toBe(1);
  });

  it('deletes a record from every list and count, keeps its history, and frees its identification number', async () => {
    const p = await api.registered(receptionist);
    await api.status(s.tokens.doctor, p.id, { status: 'seen' });
    const before = await api.stats(receptionist);
    const listed = await api.list(receptionist, 'limit=1000');

    const res = await api.remove(receptionist, p.id);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ success: true, message: 'Patient deleted successfully!' });

    const stream = await s.t.platform.store.readStream(`patient-${p.id}`);
    expect(stream.map((e) => e.type)).toEqual(['PatientRegistered', 'PatientStatusChanged', 'PatientRecordDeleted']);
    expect(stream[2]!.metadata.actor.role).toBe('receptionist');

    expect((await api.get(receptionist, p.id)).statusCode).toBe(404);
    const after = await api.list(receptionist, 'limit=1000');
    expect(after.pagination.totalPatients).toBe(listed.pagination.totalPatients - 1);
    expect(after.patients.map((x) => x.id)).not.toContain(p.id);
    expect((await api.list(receptionist, `search=${p.identificationNumber}`)).patients).toEqual([]);
    expect((await api.list(receptionist, 'status=seen&count_only=true')).pagination.totalPatients).toBe(
      before.byStatus.seen! - 1,
    );
    expect(await api.stats(receptionist)).toEqual({
      totalPatients: before.totalPatients - 1,
      byStatus: { ...before.byStatus, seen: before.byStatus.seen! - 1 },
      registeredToday: before.registeredToday - 1,
      seenCount: before.seenCount - 1,
    });

    // Gone for every command, and no longer a likely duplicate; its number can be given again.
    expect((await api.remove(receptionist, p.id)).statusCode).toBe(404);
    expect((await api.edit(receptionist, p.id, { version: 3, firstName: 'Back' })).statusCode).toBe(404);
    expect((await api.status(s.tokens.doctor, p.id, { status: 'waiting' })).statusCode).toBe(404);
    expect((await api.vitals(nurse, p.id, { pulseRate: 70 })).statusCode).toBe(404);
    const again = await api.register(
      receptionist,
      newPatient({ phoneNumber: p.phoneNumber, identificationNumber: p.identificationNumber }),
    );
    expect(again.statusCode).toBe(201);
  });

  it('answers 404 for an id that never existed', async () => {
    for (const res of [
      await api.get(receptionist, 'no-such-patient'),
      await api.edit(receptionist, 'no-such-patient', { version: 1, firstName: 'X' }),
      await api.remove(receptionist, 'no-such-patient'),
    ]) {
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ success: false, message: 'Patient not found' });
    }
  });
});
