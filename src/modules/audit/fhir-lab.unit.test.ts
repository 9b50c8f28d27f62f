import { describe, expect, it } from 'vitest';
import type { RecordedEvent } from '../../platform/event-store/port';
import { clinicalResources } from './fhir-clinical';
import { FhirPeople } from './fhir-people';

const event = (type: string, data: object, id: string) =>
  ({
    id,
    type,
    data: {
      labRequestId: 'lab-1',
      consultationId: 'c-1',
      patientId: 'p-1',
      patientName: 'Ada Obi',
      orderedBy: { id: 'u-doc', name: 'Dr Eze' },
      testName: 'Full Blood Count',
      testCode: 'FBC',
      urgency: 'STAT',
      ...data,
    },
    metadata: {
      occurredAt: '2026-11-25T10:00:00.000Z',
      actor: { userId: 'u-lab', role: 'lab_technician', name: 'Bisi Lab' },
    },
  }) as unknown as RecordedEvent;

const ordered = event('LabRequestOrdered', { hospitalId: 'h1', instructions: null }, 'e-1');
const resulted = (results: unknown) =>
  event('LabResultsRecorded', { results, notes: null, conductedBy: 'Bisi Lab' }, 'e-2');

type Obs = Record<string, unknown> & { resourceType: string; id: string; code: { text: string } };
const exported = (results: unknown) =>
  clinicalResources('p-1', [ordered, resulted(results)], new FhirPeople({ id: 'h1', code: null, name: 'X' })) as Obs[];

describe('lab results in the FHIR export', () => {
  it('codes the test and each catalogue analyte with LOINC; values carry UCUM, range and H/L/N', () => {
    const resources = exported([
      {
        analyte: 'HB',
        name: 'Haemoglobin',
        value: 9.1,
        unit: 'g/dL',
        referenceRange: { low: 12, high: 16 },
        interpretation: 'L',
      },
      {
        analyte: 'MP',
        name: 'Malaria parasites (smear)',
        value: 'Not seen',
        unit: null,
        referenceRange: null,
        interpretation: null,
      },
      {
        analyte: 'ESR',
        name: 'ESR',
        value: 12,
        unit: 'mm/h',
        referenceRange: { low: null, high: 10 },
        interpretation: 'H',
      },
    ]);
    const request = resources.find((r) => r.resourceType === 'ServiceRequest')!;
    const report = resources.find((r) => r.resourceType === 'DiagnosticReport')!;
    for (const r of [request, report]) {
      expect(r.code).toEqual({
        coding: [
          { system: 'http://loinc.org', code: '58410-2', display: 'CBC panel - Blood by Automated count' },
          { system: 'urn:hms:lab-test', code: 'FBC', display: 'Full Blood Count' },
        ],
        text: 'Full Blood Count',
      });
    }
    const [hb, mp, esr] = resources.filter((r) => r.resourceType === 'Observation');
    expect(report.result).toEqual([hb, mp, esr].map((o) => ({ reference: `urn:uuid:${o!.id}` })));
    const ucum = (value: number) => ({ value, unit: 'g/dL', system: 'http://unitsofmeasure.org', code: 'g/dL' });
    expect(hb).toMatchObject({
      code: {
        coding: [{ system: 'http://loinc.org', code: '718-7', display: 'Hemoglobin [Mass/volume] in Blood' }],
        text: 'Haemoglobin',
      },
      valueQuantity: ucum(9.1),
      referenceRange: [{ low: ucum(12), high: ucum(16) }],
      interpretation: [
        {
          coding: [
            {
              system: 'http://terminology.hl7.org/CodeSystem/v3-ObservationInterpretation',
              code: 'L',
              display: 'Low',
            },
          ],
        },
      ],
    });
    expect(mp).toMatchObject({ code: { coding: [{ code: '32700-7' }] }, valueString: 'Not seen' });
    expect(mp).not.toHaveProperty('interpretation');
    expect(mp).not.toHaveProperty('referenceRange');
    // A unit the catalogue does not know as UCUM is kept as the lab wrote it, without claiming UCUM.
    expect(esr).toMatchObject({
      code: { text: 'ESR' },
      valueQuantity: { value: 12, unit: 'mm/h' },
      referenceRange: [{ high: { value: 10, unit: 'mm/h' } }],
      interpretation: [{ coding: [{ code: 'H' }] }],
    });
    expect(esr!.code).not.toHaveProperty('coding');
    expect(esr!.valueQuantity).not.toHaveProperty('system');
  });

  it('still exports values by parameter (LOINC where the name is a catalogue analyte) and free text', () => {
    const byName = exported({ Haemoglobin: '13.2 g/dL', Other: 3 }).filter((r) => r.resourceType === 'Observation');
    expect(byName.map((o) => [o.code, o.valueString ?? o.valueQuantity])).toEqual([
      [
        {
          coding: [{ system: 'http://loinc.org', code: '718-7', display: 'Hemoglobin [Mass/volume] in Blood' }],
          text: 'Haemoglobin',
        },
        '13.2 g/dL',
      ],
      [{ text: 'Other' }, { value: 3 }],
    ]);
    // A number entered by parameter carries the catalogue analyte's unit (UCUM).
    const numeric = exported({ Haemoglobin: 13.2, PLT: 250 }).filter((r) => r.resourceType === 'Observation');
    expect(numeric.map((o) => o.valueQuantity)).toEqual([
      { value: 13.2, unit: 'g/dL', system: 'http://unitsofmeasure.org', code: 'g/dL' },
      { value: 250, unit: '10*3/uL', system: 'http://unitsofmeasure.org', code: '10*3/uL' },
    ]);
    const text = exported('All normal');
    expect(text.filter((r) => r.resourceType === 'Observation')).toEqual([]);
    expect(text.find((r) => r.resourceType === 'DiagnosticReport')).toMatchObject({ conclusion: 'All normal' });
  });
});
