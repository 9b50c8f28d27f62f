import type { RecordedEvent } from '../../platform/event-store/port';
import type { ConsultationRecorded, PrescriptionDispensed } from '../consultations';
import type { LabRequestOrdered, LabResultsRecorded } from '../laboratory';
import { urn, uuidFor, type Resource } from './fhir-ids';
import { condition, conditionId, medicationConcept, medicationQuantity, type MedicationCatalogue } from './fhir-coding';
import { labReport, serviceRequest } from './fhir-lab';
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
    diagnosis: [{ condition: { reference: urn(conditionId(d.consultationId)), display: d.primaryDiagnosis }, rank: 1 }],
  };
}

function medicationRequests(
  patient: Ref,
  e: RecordedEvent<ConsultationRecorded>,
  dispensed: Set<string>,
  people: FhirPeople,
  catalogue: MedicationCatalogue | undefined,
) {
  const d = e.data;
  return d.prescriptions.map((m, index): Resource => ({
    resourceType: 'MedicationRequest',
    id: medicationRequestId(d.consultationId, index),
    status: dispensed.has(`${d.consultationId}/${index}`) ? 'completed' : 'active',
    intent: 'order',
    medicationCodeableConcept: medicationConcept(m.medicationName, catalogue),
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
    dispenseRequest: { quantity: medicationQuantity(m.quantity, m.medicationName) },
  }));
}

function medicationDispenses(
  patient: Ref,
  e: RecordedEvent<PrescriptionDispensed>,
  people: FhirPeople,
  catalogue: MedicationCatalogue | undefined,
): Resource[] {
  const d = e.data;
  return d.items.map((item) => ({
    resourceType: 'MedicationDispense',
    id: uuidFor(e.id, `item/${item.index}`),
    status: 'completed',
    medicationCodeableConcept: medicationConcept(item.medicationName, catalogue),
    subject: patient,
    context: ref(d.consultationId),
    performer: [{ actor: people.as(actorOf(e), e.metadata.actor.role) }],
    authorizingPrescription: [ref(medicationRequestId(d.consultationId, item.index))],
    quantity: medicationQuantity(item.quantity, item.medicationName),
    whenHandedOver: e.metadata.occurredAt,
  }));
}

/** The clinical resources of one patient, in the order the work happened. */
export function clinicalResources(
  patientId: string,
  events: readonly RecordedEvent[],
  people: FhirPeople,
  catalogue?: MedicationCatalogue,
): Resource[] {
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
        return [
          encounter(patient, c, people),
          condition(patient, c, people),
          ...medicationRequests(patient, c, dispensed, people, catalogue),
        ];
      }
      case 'PrescriptionDispensed':
        return medicationDispenses(patient, e as RecordedEvent<PrescriptionDispensed>, people, catalogue);
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
