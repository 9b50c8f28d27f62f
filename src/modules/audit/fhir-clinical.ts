import type { RecordedEvent } from '../../platform/event-store/port';
import type { ConsultationRecorded, PrescriptionDispensed } from '../consultations';
import type { LabRequestOrdered, LabResultsRecorded } from '../laboratory';
import { urn, uuidFor, type Resource } from './fhir-ids';
import type { FhirPeople } from './fhir-people';

/**
 * The clinical part of the FHIR export, from the streams of the patient's consultations and lab
 * requests: an Encounter per consultation (reason and diagnosis), a MedicationRequest per
 * prescribed medication (completed once dispensed), a MedicationDispense per item handed out, a
 * ServiceRequest per lab order and, once resulted, a DiagnosticReport with an Observation per
 * value. Ids are the records' own (consultation, lab request) or derived from the event and the
 * item, so a second export names every resource the same.
 */
const ACT_CODE = 'http://terminology.hl7.org/CodeSystem/v3-ActCode';
const OBSERVATION_CATEGORY = 'http://terminology.hl7.org/CodeSystem/observation-category';
const LAB_TEST_SYSTEM = 'urn:hms:lab-test';
const PRIORITY = { Routine: 'routine', Urgent: 'urgent', STAT: 'stat' } as const;
const DIAGNOSTIC_SERVICE = 'http://terminology.hl7.org/CodeSystem/v2-0074';

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
const actorOf = (e: RecordedEvent) => ({ id: e.metadata.actor.userId, name: e.metadata.actor.name });
const ref = (id: string): Ref => ({ reference: urn(id) });
const medicationRequestId = (consultationId: string, index: number) => uuidFor(consultationId, `medication/${index}`);

function encounter(patient: Ref, e: RecordedEvent<ConsultationRecorded>, people: FhirPeople): Resource {
  const d = e.data;
  return {
    resourceType: 'Encounter',
    id: d.consultationId,
    status: 'finished',
    class: { system: ACT_CODE, code: 'AMB', display: 'ambulatory' },
    subject: patient,
    participant: [{ individual: people.as(d.doctor, 'doctor') }],
    serviceProvider: people.organization,
    period: { start: e.metadata.occurredAt },
    reasonCode: [{ text: d.chiefComplaint }],
    diagnosis: [{ condition: { display: d.primaryDiagnosis }, rank: 1 }],
  };
}

function medicationRequests(
  patient: Ref,
  e: RecordedEvent<ConsultationRecorded>,
  dispensed: Set<string>,
  people: FhirPeople,
) {
  const d = e.data;
  return d.prescriptions.map((m, index): Resource => ({
    resourceType: 'MedicationRequest',
    id: medicationRequestId(d.consultationId, index),
    status: dispensed.has(`${d.consultationId}/${index}`) ? 'completed' : 'active',
    intent: 'order',
    medicationCodeableConcept: { text: m.medicationName },
    subject: patient,
    encounter: ref(d.consultationId),
    authoredOn: e.metadata.occurredAt,
    requester: people.as(d.doctor, 'doctor'),
    dosageInstruction: [
      {
        text: `${m.dosage}, ${m.frequency}, for ${m.duration}`,
        ...(m.instructions ? { patientInstruction: m.instructions } : {}),
      },
    ],
    dispenseRequest: { quantity: { value: m.quantity } },
  }));
}

function medicationDispenses(patient: Ref, e: RecordedEvent<PrescriptionDispensed>, people: FhirPeople): Resource[] {
  const d = e.data;
  return d.items.map((item) => ({
    resourceType: 'MedicationDispense',
    id: uuidFor(e.id, `item/${item.index}`),
    status: 'completed',
    medicationCodeableConcept: { text: item.medicationName },
    subject: patient,
    context: ref(d.consultationId),
    performer: [{ actor: people.as(actorOf(e), e.metadata.actor.role) }],
    authorizingPrescription: [ref(medicationRequestId(d.consultationId, item.index))],
    quantity: { value: item.quantity },
    whenHandedOver: e.metadata.occurredAt,
  }));
}

function serviceRequest(
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
    code: { coding: [{ system: LAB_TEST_SYSTEM, code: d.testCode, display: d.testName }], text: d.testName },
    subject: patient,
    encounter: ref(d.consultationId),
    authoredOn: e.metadata.occurredAt,
    requester: people.as(d.orderedBy, 'doctor'),
    ...(d.instructions ? { note: [{ text: d.instructions }] } : {}),
  };
}

function observationValue(value: string | number | boolean) {
  if (typeof value === 'number') return { valueQuantity: { value } };
  if (typeof value === 'boolean') return { valueBoolean: value };
  return { valueString: value };
}

/** The report and, when the results are values by parameter, one Observation per value. */
function labReport(patient: Ref, e: RecordedEvent<LabResultsRecorded>, people: FhirPeople): Resource[] {
  const d = e.data;
  const performer = people.as(actorOf(e), e.metadata.actor.role);
  const section = sectionOf(d.testCode);
  const values = typeof d.results === 'string' ? [] : Object.entries(d.results);
  const observations = values
    .filter((entry): entry is [string, string | number | boolean] => entry[1] !== null)
    .map(([name, value]): Resource => ({
      resourceType: 'Observation',
      id: uuidFor(e.id, `result/${name}`),
      status: 'final',
      category: [
        {
          coding: [
            {
              system: OBSERVATION_CATEGORY,
              code: section.observation,
              display: OBSERVATION_DISPLAY[section.observation],
            },
          ],
        },
      ],
      code: { text: name },
      subject: patient,
      encounter: ref(d.consultationId),
      effectiveDateTime: e.metadata.occurredAt,
      performer: [performer],
      ...observationValue(value),
    }));
  const conclusion = [typeof d.results === 'string' ? d.results : null, d.notes].filter(Boolean).join('\n');
  const report: Resource = {
    resourceType: 'DiagnosticReport',
    id: uuidFor(e.id, 'report'),
    status: 'final',
    basedOn: [ref(d.labRequestId)],
    category: [{ coding: [{ system: DIAGNOSTIC_SERVICE, code: section.service, display: section.display }] }],
    code: { coding: [{ system: LAB_TEST_SYSTEM, code: d.testCode, display: d.testName }], text: d.testName },
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

/** The clinical resources of one patient, in the order the work happened. */
export function clinicalResources(patientId: string, events: readonly RecordedEvent[], people: FhirPeople): Resource[] {
  const patient = ref(patientId);
  const sorted = [...events].sort((a, b) => Date.parse(a.metadata.occurredAt) - Date.parse(b.metadata.occurredAt));
  const dispensed = new Set(
    sorted
      .filter((e) => e.type === 'PrescriptionDispensed')
      .flatMap((e) => {
        const d = (e as RecordedEvent<PrescriptionDispensed>).data;
        return d.items.map((i) => `${d.consultationId}/${i.index}`);
      }),
  );
  const resulted = new Set(
    sorted
      .filter((e) => e.type === 'LabResultsRecorded')
      .map((e) => (e as RecordedEvent<LabResultsRecorded>).data.labRequestId),
  );
  return sorted.flatMap((e): Resource[] => {
    switch (e.type) {
      case 'ConsultationRecorded': {
        const c = e as RecordedEvent<ConsultationRecorded>;
        return [encounter(patient, c, people), ...medicationRequests(patient, c, dispensed, people)];
      }
      case 'PrescriptionDispensed':
        return medicationDispenses(patient, e as RecordedEvent<PrescriptionDispensed>, people);
      case 'LabRequestOrdered': {
        const o = e as RecordedEvent<LabRequestOrdered>;
        return [serviceRequest(patient, o, resulted.has(o.data.labRequestId), people)];
      }
      case 'LabResultsRecorded':
        return labReport(patient, e as RecordedEvent<LabResultsRecorded>, people);
      default:
        return [];
    }
  });
}
