import { describe, expect, it } from 'vitest';
import type { RecordedEvent } from '../../platform/event-store/port';
import { LAB_TEST_CATALOGUE } from '../../shared/lab-tests';
import { clinicalResources } from './fhir-clinical';
import { FhirPeople } from './fhir-people';

const results = (testCode: string, testName: string, values: Record<string, string | number>) =>
  ({
    id: `00000000-0000-4000-8000-0000000000${testCode.length}${testName.length}`,
    type: 'LabResultsRecorded',
    data: {
      labRequestId: `lab-${testCode}`,
      consultationId: 'c-1',
      patientId: 'p-1',
      patientName: 'Ada Obi',
      orderedBy: { id: 'u-doc', name: 'Dr Eze' },
      testName,
      testCode,
      urgency: 'Routine',
      results: values,
      notes: null,
      conductedBy: 'Bisi Lab',
    },
    metadata: {
      occurredAt: '2026-11-25T10:00:00.000Z',
      actor: { userId: 'u-lab', role: 'lab_technician', name: 'Bisi Lab' },
    },
  }) as unknown as RecordedEvent;

type Coded = {
  resourceType: string;
  category: { coding: { system: string; code: string }[] }[];
  code: { text: string };
};

describe('lab, imaging and ECG reports in the FHIR export', () => {
  it('files imaging and the ECG under their own diagnostic sections, not LAB, and their observations likewise', () => {
    const people = new FhirPeople({ id: 'h1', code: 'H-1', name: 'Lagos Clinic' });
    const events = LAB_TEST_CATALOGUE.map((t) => results(t.code, t.name, { Finding: 'Normal' }));
    const resources = clinicalResources('p-1', events, people) as unknown as Coded[];
    const sectionOf = (type: string) =>
      Object.fromEntries(
        resources.filter((r) => r.resourceType === type).map((r) => [r.code.text, r.category[0]!.coding[0]!.code]),
      );
    expect(sectionOf('DiagnosticReport')).toEqual({
      'Full Blood Count': 'LAB',
      'Chest X-ray': 'RAD',
      'Urine Analysis': 'LAB',
      'Blood Sugar Test': 'LAB',
      'Liver Function Test': 'LAB',
      'Kidney Function Test': 'LAB',
      Electrolytes: 'LAB',
      'Malaria Parasite': 'LAB',
      ECG: 'EC',
      'CT Scan': 'CT',
      'MRI Scan': 'NMR',
      Ultrasound: 'RUS',
    });
    const observationCategories = resources
      .filter((r) => r.resourceType === 'Observation')
      .map((r) => r.category[0]!.coding[0]!.code);
    expect(observationCategories.sort()).toEqual(
      [...Array(7).fill('laboratory'), ...Array(4).fill('imaging'), 'procedure'].sort(),
    );
    for (const r of resources.filter((x) => x.resourceType === 'DiagnosticReport'))
      expect(r.category[0]!.coding[0]!.system).toBe('http://terminology.hl7.org/CodeSystem/v2-0074');
  });
});
