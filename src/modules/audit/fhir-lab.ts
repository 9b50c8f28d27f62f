import type { RecordedEvent } from '../../platform/event-store/port';
import { findAnalyte, LOINC_SYSTEM, TEST_LOINC, UCUM_SYSTEM, UCUM_UNITS } from '../../shared/lab-codes';
import type { LabRequestOrdered, LabResultsRecorded, LabValue } from '../laboratory';
import { urn, uuidFor, type Resource } from './fhir-ids';
import type { FhirPeople } from './fhir-people';

/**
 * Lab work in the FHIR export: a ServiceRequest per order and, once resulted, a DiagnosticReport
 * referencing an Observation per value. Tests and analytes carry their LOINC code where the
 * catalogue knows it (src/shared/lab-codes.ts) beside the hospital's own code and the text;
 * structured values carry a UCUM quantity, the reference range and the H/L/N interpretation.
 */
const LAB_TEST_SYSTEM = 'urn:hms:lab-test';
const OBSERVATION_CATEGORY = 'http://terminology.hl7.org/CodeSystem/observation-category';
const DIAGNOSTIC_SERVICE = 'http://terminology.hl7.org/CodeSystem/v2-0074';
const INTERPRETATION = 'http://terminology.hl7.org/CodeSystem/v3-ObservationInterpretation';
const INTERPRETATION_DISPLAY = { H: 'High', L: 'Low', N: 'Normal' } as const;
const PRIORITY = { Routine: 'routine', Urgent: 'urgent', STAT: 'stat' } as const;

/**
 * Where a catalogue test's report belongs: imaging and the ECG are not laboratory work. The report's
 * diagnostic service section (HL7 v2 table 0074) and its observations' category follow the test.
 */
const SECTIONS: Record<string, { service: string; display: string; observation: string }> = {
  CXR: { service: 'RAD', display: 'Radiology', observation: 'imaging' },
  CT: { service: 'CT', display: 'CAT Scan', observation: 'imaging' },
  MRI: { service: 'NMR', display: 'Nuclear Magnetic Resonance', observation: 'imaging' },
  USS: { service: 'RUS', display: 'Radiology Ultrasound', observation: 'imaging' },
  ECG: { service: 'EC', display: 'Electrocardiac (e.g., EKG, EEC, Holter)', observation: 'procedure' },
};
const LAB_SECTION = { service: 'LAB', display: 'Laboratory', observation: 'laboratory' };
export const sectionOf = (testCode: string) => SECTIONS[testCode] ?? LAB_SECTION;
const OBSERVATION_DISPLAY: Record<string, string> = {
  laboratory: 'Laboratory',
  imaging: 'Imaging',
  procedure: 'Procedure',
};

type Ref = { reference: string };
const ref = (id: string): Ref => ({ reference: urn(id) });

/** The test: its LOINC code when known, then the hospital's catalogue code, and the name as text. */
function testCode(code: string, name: string) {
  const loinc = TEST_LOINC[code];
  return {
    coding: [...(loinc ? [{ system: LOINC_SYSTEM, ...loinc }] : []), { system: LAB_TEST_SYSTEM, code, display: name }],
    text: name,
  };
}

export function serviceRequest(
  patient: Ref,
  e: RecordedEvent<LabRequestOrdered>,
  resulted: boolean,
  people: FhirPeople,
): Resource {
  const d = e.data;
  return {
    resourceType: 'ServiceRequest',
    id: d.labRequestId,
    status: resulted ? 'completed' : 'active',
    intent: 'order',
    priority: PRIORITY[d.urgency],
    code: testCode(d.testCode, d.testName),
    subject: patient,
    encounter: ref(d.consultationId),
    authoredOn: e.metadata.occurredAt,
    requester: people.as(d.orderedBy, 'doctor'),
    ...(d.instructions ? { note: [{ text: d.instructions }] } : {}),
  };
}

/** The LOINC coding of a catalogue analyte; the text stays the name the result was recorded under. */
function analyteCode(testCodeValue: string, key: string, text: string) {
  const known = findAnalyte(testCodeValue, key);
  return known ? { coding: [{ system: LOINC_SYSTEM, ...known.loinc }], text } : { text };
}

function quantity(value: number, unit: string | null) {
  if (!unit) return { value };
  return UCUM_UNITS.has(unit) ? { value, unit, system: UCUM_SYSTEM, code: unit } : { value, unit };
}

/** A structured value: the quantity or finding, the range it was read against and its flag. */
function structured(v: LabValue) {
  const range = v.referenceRange;
  return {
    ...(typeof v.value === 'number' ? { valueQuantity: quantity(v.value, v.unit) } : { valueString: v.value }),
    ...(v.interpretation
      ? {
          interpretation: [
            {
              coding: [
                { system: INTERPRETATION, code: v.interpretation, display: INTERPRETATION_DISPLAY[v.interpretation] },
              ],
            },
          ],
        }
      : {}),
    ...(range
      ? {
          referenceRange: [
            {
              ...(range.low !== null ? { low: quantity(range.low, v.unit) } : {}),
              ...(range.high !== null ? { high: quantity(range.high, v.unit) } : {}),
            },
          ],
        }
      : {}),
  };
}

/** A value entered as `{ analyte: value }`: a number carries the catalogue analyte's unit when it has one. */
function byParameter(value: string | number | boolean, unit: string | null) {
  if (typeof value === 'number') return { valueQuantity: quantity(value, unit) };
  if (typeof value === 'boolean') return { valueBoolean: value };
  return { valueString: value };
}

/** Each value of the results as (key, code, value part): structured, by parameter, or none for free text. */
function valuesOf(d: LabResultsRecorded['data']) {
  if (typeof d.results === 'string') return [];
  if (Array.isArray(d.results)) {
    return d.results.map((v) => ({
      key: v.analyte,
      code: analyteCode(d.testCode, v.analyte, v.name),
      value: structured(v),
    }));
  }
  return Object.entries(d.results)
    .filter((entry): entry is [string, string | number | boolean] => entry[1] !== null)
    .map(([name, value]) => ({
      key: name,
      code: analyteCode(d.testCode, name, name),
      value: byParameter(value, findAnalyte(d.testCode, name)?.unit ?? null),
    }));
}

/** The report and, when the results are values, one Observation per value. */
export function labReport(patient: Ref, e: RecordedEvent<LabResultsRecorded>, people: FhirPeople): Resource[] {
  const d = e.data;
  const performer = people.as({ id: e.metadata.actor.userId, name: e.metadata.actor.name }, e.metadata.actor.role);
  const section = sectionOf(d.testCode);
  const category = [
    {
      coding: [
        { system: OBSERVATION_CATEGORY, code: section.observation, display: OBSERVATION_DISPLAY[section.observation] },
      ],
    },
  ];
  const observations = valuesOf(d).map(({ key, code, value }): Resource => ({
    resourceType: 'Observation',
    id: uuidFor(e.id, `result/${key}`),
    status: 'final',
    category,
    code,
    subject: patient,
    encounter: ref(d.consultationId),
    effectiveDateTime: e.metadata.occurredAt,
    performer: [performer],
    ...value,
  }));
  const conclusion = [typeof d.results === 'string' ? d.results : null, d.notes].filter(Boolean).join('\n');
  const report: Resource = {
    resourceType: 'DiagnosticReport',
    id: uuidFor(e.id, 'report'),
    status: 'final',
    basedOn: [ref(d.labRequestId)],
    category: [{ coding: [{ system: DIAGNOSTIC_SERVICE, code: section.service, display: section.display }] }],
    code: testCode(d.testCode, d.testName),
    subject: patient,
    encounter: ref(d.consultationId),
    effectiveDateTime: e.metadata.occurredAt,
    issued: e.metadata.occurredAt,
    performer: [{ ...performer, display: d.conductedBy }],
    ...(observations.length ? { result: observations.map((o) => ref(o.id)) } : {}),
    ...(conclusion ? { conclusion } : {}),
  };
  return [report, ...observations];
}
