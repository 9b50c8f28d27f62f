import { describe, expect, it } from 'vitest';
import { DEFAULT_TIME_ZONE } from '../../shared/hospital-calendar';
import type { RecordedEvent } from '../../platform/event-store/port';
import type { ReplayedPatient } from '../patients';
import { BASE, profileProblems, type Observation } from '../../../test/helpers/vital-signs-profile';
import { fhirBundle } from './fhir';

const patient = {
  deleted: false,
  row: {
    patient_id: '0b9f6c1e-2a6f-4f0e-9b1a-6f1c2d3e4f50',
    hospital_id: 'h1',
    identification_number: 'NIN-1',
    first_name: 'Ada',
    last_name: 'Obi',
    gender: 'Female',
    date_of_birth: '1990-01-01',
    phone_number: '+2348012345678',
    address: '1 Marina, Lagos',
  },
} as unknown as ReplayedPatient;

const vitalsEvent = (id: string, vitals: Record<string, unknown>) =>
  ({
    id,
    type: 'VitalsRecorded',
    data: { vitals },
    metadata: {
      occurredAt: '2026-11-25T08:00:00.000Z',
      actor: { userId: 'u-nurse', role: 'nurse', name: 'Nurse Bisi' },
    },
  }) as unknown as RecordedEvent;

describe('vital signs in the FHIR export', () => {
  it('conform to the R4 vital-signs profiles, SpO2 carrying 2708-6 and 59408-5', () => {
    const events = [
      vitalsEvent('6c0e2b9a-1d1e-4c2f-8a55-000000000001', {
        bloodPressure: '120/80',
        pulseRate: 72,
        respiratoryRate: 16,
        oxygenSaturation: 97,
        weight: 70.5,
        height: 168,
        temperature: 36.8,
      }),
      vitalsEvent('6c0e2b9a-1d1e-4c2f-8a55-000000000002', { temperature: 99.1, temperatureUnit: 'F' }),
    ];
    const observations = fhirBundle(patient, events, [], new Date('2026-11-25T09:00:00Z'), {
      id: 'h1',
      code: 'H-1',
      name: 'Lagos Clinic',
      timeZone: DEFAULT_TIME_ZONE,
    })
      .entry.map((e) => e.resource as unknown as Observation)
      .filter((r) => r.resourceType === 'Observation');
    expect(observations).toHaveLength(8);
    expect(observations.flatMap(profileProblems)).toEqual([]);
    const spo2 = observations.find((o) => o.meta?.profile?.[0] === `${BASE}oxygensat`)!;
    expect(spo2.code.coding.map((c) => c.code)).toEqual(['2708-6', '59408-5']);
    expect(observations.filter((o) => o.valueQuantity?.code === '[degF]').map((o) => o.valueQuantity?.value)).toEqual([
      99.1,
    ]);
  });

  it("reference their Encounter: the same day's consultation, or that day's visit", () => {
    const hospital = { id: 'h1', code: 'H-1', name: 'Lagos Clinic', timeZone: DEFAULT_TIME_ZONE };
    const consultation = {
      id: 'e-consult',
      type: 'ConsultationRecorded',
      data: {
        consultationId: '3d2c1b0a-0000-4000-8000-000000000001',
        patientId: patient.row.patient_id,
        doctor: { id: 'u-doc', name: 'Dr Eze' },
        chiefComplaint: 'Fever',
        primaryDiagnosis: 'Malaria',
        prescriptions: [],
      },
      metadata: { occurredAt: '2026-11-25T09:30:00.000Z', actor: { userId: 'u-doc', role: 'doctor', name: 'Dr Eze' } },
    } as unknown as RecordedEvent;
    const onTheDay = vitalsEvent('6c0e2b9a-1d1e-4c2f-8a55-000000000003', { pulseRate: 80 });
    const dayBefore = {
      ...vitalsEvent('6c0e2b9a-1d1e-4c2f-8a55-000000000004', { pulseRate: 70, temperature: 37 }),
      metadata: {
        occurredAt: '2026-11-24T10:00:00.000Z',
        actor: { userId: 'u-nurse', role: 'nurse', name: 'Nurse Bisi' },
      },
    } as unknown as RecordedEvent;
    const resources = fhirBundle(
      patient,
      [dayBefore, onTheDay],
      [consultation],
      new Date('2026-11-25T10:00:00Z'),
      hospital,
    ).entry.map((e) => e.resource as Record<string, unknown> & { resourceType: string; id: string });
    const encounters = resources.filter((r) => r.resourceType === 'Encounter');
    const observations = resources.filter((r) => r.resourceType === 'Observation');
    expect(observations).toHaveLength(3);
    const encounterOf = (o: Record<string, unknown>) => (o.encounter as { reference: string } | undefined)?.reference;
    // Every Observation names an Encounter that is in the bundle.
    const ids = new Set(encounters.map((e) => `urn:uuid:${e.id}`));
    expect(observations.every((o) => ids.has(encounterOf(o) ?? ''))).toBe(true);
    expect(encounterOf(observations.find((o) => o.effectiveDateTime === '2026-11-25T08:00:00.000Z')!)).toBe(
      'urn:uuid:3d2c1b0a-0000-4000-8000-000000000001',
    );
    const visit = encounters.find((e) => e.id !== '3d2c1b0a-0000-4000-8000-000000000001')!;
    expect(visit).toMatchObject({ status: 'finished', type: [{ text: 'Vital signs check' }] });
    expect(observations.filter((o) => encounterOf(o) === `urn:uuid:${visit.id}`)).toHaveLength(2);
  });
});
