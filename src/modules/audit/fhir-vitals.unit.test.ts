import { describe, expect, it } from 'vitest';
import type { RecordedEvent } from '../../platform/event-store/port';
import type { ReplayedPatient } from '../patients';
import { fhirBundle } from './fhir';

/**
 * The R4 vital-signs profiles (http://hl7.org/fhir/R4/observation-vitalsigns.html): the LOINC code each
 * requires in Observation.code, and the UCUM units its valueQuantity may use.
 */
const PROFILES: Record<string, { code: string; units: string[]; components?: Record<string, string> }> = {
  heartrate: { code: '8867-4', units: ['/min'] },
  resprate: { code: '9279-1', units: ['/min'] },
  oxygensat: { code: '2708-6', units: ['%'] },
  bodyweight: { code: '29463-7', units: ['kg', 'g', '[lb_av]'] },
  bodyheight: { code: '8302-2', units: ['cm', '[in_i]'] },
  bodytemp: { code: '8310-5', units: ['Cel', '[degF]'] },
  bp: { code: '85354-9', units: [], components: { '8480-6': 'mm[Hg]', '8462-4': 'mm[Hg]' } },
};
const BASE = 'http://hl7.org/fhir/StructureDefinition/';

type Quantity = { value: number; unit: string; system: string; code: string };
type Observation = {
  resourceType: string;
  meta?: { profile?: string[] };
  status: string;
  category: { coding: { system: string; code: string }[] }[];
  code: { coding: { system: string; code: string }[] };
  subject?: { reference: string };
  effectiveDateTime?: string;
  valueQuantity?: Quantity;
  component?: { code: { coding: { system: string; code: string }[] }; valueQuantity: Quantity }[];
};

/** What the profile says of one observation, as a list of broken rules (empty: conforms). */
function profileProblems(o: Observation): string[] {
  const problems: string[] = [];
  const name = o.meta?.profile?.[0]?.replace(BASE, '') ?? '';
  const profile = PROFILES[name];
  if (!profile) return [`claims no vital-signs profile (${o.meta?.profile})`];
  if (!['registered', 'preliminary', 'final', 'amended'].includes(o.status)) problems.push(`status ${o.status}`);
  const vsCat = o.category.some((c) =>
    c.coding.some(
      (x) => x.system === 'http://terminology.hl7.org/CodeSystem/observation-category' && x.code === 'vital-signs',
    ),
  );
  if (!vsCat) problems.push('no vital-signs category');
  if (!o.code.coding.some((c) => c.system === 'http://loinc.org' && c.code === profile.code))
    problems.push(`${name}: no LOINC ${profile.code}`);
  if (!o.subject?.reference) problems.push('no subject');
  if (!o.effectiveDateTime) problems.push('no effective time');
  const ucum = (q: Quantity | undefined, units: string[], what: string) => {
    if (!q || typeof q.value !== 'number') problems.push(`${what}: no value`);
    else if (q.system !== 'http://unitsofmeasure.org' || !units.includes(q.code))
      problems.push(`${what}: unit ${q.system} ${q.code}`);
  };
  if (profile.components) {
    for (const [code, unit] of Object.entries(profile.components)) {
      const c = o.component?.find((x) => x.code.coding.some((y) => y.system === 'http://loinc.org' && y.code === code));
      if (!c) problems.push(`${name}: no component ${code}`);
      else ucum(c.valueQuantity, [unit], `${name} ${code}`);
    }
  } else ucum(o.valueQuantity, profile.units, name);
  return problems;
}

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
});
