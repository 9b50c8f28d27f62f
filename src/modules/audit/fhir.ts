import type { RecordedEvent } from '../../platform/event-store/port';
import type { ConsultationRecorded } from '../consultations';
import { hospitalDate } from '../../shared/hospital-calendar';
import type { ReplayedPatient } from '../patients';
import { appointmentResources } from './fhir-appointments';
import { bundleOf, type BundleKind } from './fhir-bundle';
import { clinicalResources } from './fhir-clinical';
import type { MedicationCatalogue } from './fhir-coding';
import { urn, uuidFor, type Resource } from './fhir-ids';
import { FhirPeople, type Hospital } from './fhir-people';

/**
 * A patient's record as a FHIR R4 Bundle (type `collection`): the Patient, one Observation per
 * vital sign ever recorded (LOINC codes, UCUM units), and the clinical work (fhir-clinical.ts):
 * an Encounter per consultation, its MedicationRequests and MedicationDispenses, a ServiceRequest
 * per lab order and a DiagnosticReport with its Observations per result; an Appointment per booking
 * (fhir-appointments.ts).
 */
const LOINC = 'http://loinc.org';
const UCUM = 'http://unitsofmeasure.org';
const VITAL_SIGNS_CATEGORY = [
  {
    coding: [
      {
        system: 'http://terminology.hl7.org/CodeSystem/observation-category',
        code: 'vital-signs',
        display: 'Vital Signs',
      },
    ],
  },
];

/** The R4 vital-signs profiles each observation claims (http://hl7.org/fhir/R4/observation-vitalsigns.html). */
const PROFILE = 'http://hl7.org/fhir/StructureDefinition/';

type Coding = { code: string; display: string };
/** `codings[0]` is the code the profile requires; more specific codes follow it. */
type Vital = { codings: Coding[]; profile: string; unit: string; ucum: string };
const VITALS: Record<string, Vital> = {
  pulseRate: {
    codings: [{ code: '8867-4', display: 'Heart rate' }],
    profile: 'heartrate',
    unit: 'beats/minute',
    ucum: '/min',
  },
  respiratoryRate: {
    codings: [{ code: '9279-1', display: 'Respiratory rate' }],
    profile: 'resprate',
    unit: 'breaths/minute',
    ucum: '/min',
  },
  oxygenSaturation: {
    codings: [
      { code: '2708-6', display: 'Oxygen saturation in Arterial blood' },
      { code: '59408-5', display: 'Oxygen saturation in Arterial blood by Pulse oximetry' },
    ],
    profile: 'oxygensat',
    unit: '%',
    ucum: '%',
  },
  weight: { codings: [{ code: '29463-7', display: 'Body weight' }], profile: 'bodyweight', unit: 'kg', ucum: 'kg' },
  height: { codings: [{ code: '8302-2', display: 'Body height' }], profile: 'bodyheight', unit: 'cm', ucum: 'cm' },
  temperature: {
    codings: [{ code: '8310-5', display: 'Body temperature' }],
    profile: 'bodytemp',
    unit: 'Cel',
    ucum: 'Cel',
  },
};

function patientResource(p: ReplayedPatient, people: FhirPeople): Resource {
  const r = p.row;
  return {
    resourceType: 'Patient',
    id: r.patient_id,
    active: !p.deleted,
    identifier: [{ system: `urn:hms:hospital:${r.hospital_id}:identification-number`, value: r.identification_number }],
    name: [{ use: 'official', family: r.last_name, given: [r.first_name] }],
    gender: r.gender.toLowerCase(),
    birthDate: r.date_of_birth,
    telecom: [{ system: 'phone', value: r.phone_number, use: 'mobile' }],
    address: [{ text: r.address }],
    managingOrganization: people.organization,
    ...(r.emergency_contact_name || r.emergency_contact_phone
      ? {
          contact: [
            {
              relationship: r.emergency_contact_relationship ? [{ text: r.emergency_contact_relationship }] : undefined,
              name: r.emergency_contact_name ? { text: r.emergency_contact_name } : undefined,
              telecom: [{ system: 'phone', value: r.emergency_contact_phone ?? r.phone_number }],
            },
          ],
        }
      : {}),
  };
}

function quantity(value: number, unit: string, ucum: string) {
  return { value, unit, system: UCUM, code: ucum };
}

const ACT_CODE = 'http://terminology.hl7.org/CodeSystem/v3-ActCode';

/**
 * The Encounter each set of vital signs was taken in: the consultation of the same hospital day closest in time
 * when there is one, otherwise that day's visit (an ambulatory Encounter of its own, one per day, spanning the
 * vitals taken that day). So every vital-sign Observation references an Encounter in the bundle.
 */
function vitalsEncounters(
  patientId: string,
  vitals: readonly RecordedEvent[],
  clinical: readonly RecordedEvent[],
  timeZone: string,
) {
  const consultationsByDay = new Map<string, { id: string; at: number }[]>();
  for (const e of clinical) {
    if (e.type !== 'ConsultationRecorded') continue;
    const day = hospitalDate(e.metadata.occurredAt, timeZone);
    const list = consultationsByDay.get(day) ?? [];
    list.push({
      id: (e as RecordedEvent<ConsultationRecorded>).data.consultationId,
      at: Date.parse(e.metadata.occurredAt),
    });
    consultationsByDay.set(day, list);
  }
  const encounterOf = new Map<string, string>();
  const visits = new Map<string, { id: string; start: string; end: string; by: RecordedEvent }>();
  for (const e of vitals) {
    const at = Date.parse(e.metadata.occurredAt);
    const day = hospitalDate(new Date(at), timeZone);
    const sameDay = consultationsByDay.get(day);
    if (sameDay?.length) {
      const closest = sameDay.reduce((a, b) => (Math.abs(b.at - at) < Math.abs(a.at - at) ? b : a));
      encounterOf.set(e.id, closest.id);
      continue;
    }
    const visit = visits.get(day) ?? {
      id: uuidFor(patientId, `visit/${day}`),
      start: e.metadata.occurredAt,
      end: e.metadata.occurredAt,
      by: e,
    };
    if (e.metadata.occurredAt < visit.start) visit.start = e.metadata.occurredAt;
    if (e.metadata.occurredAt > visit.end) visit.end = e.metadata.occurredAt;
    visits.set(day, visit);
    encounterOf.set(e.id, visit.id);
  }
  return { encounterOf, visits: [...visits.values()] };
}

function visitEncounter(
  patientId: string,
  visit: { id: string; start: string; end: string; by: RecordedEvent },
  people: FhirPeople,
): Resource {
  const actor = visit.by.metadata.actor;
  return {
    resourceType: 'Encounter',
    id: visit.id,
    status: 'finished',
    class: { system: ACT_CODE, code: 'AMB', display: 'ambulatory' },
    type: [{ text: 'Vital signs check' }],
    subject: { reference: urn(patientId) },
    participant: [{ individual: people.as({ id: actor.userId, name: actor.name }, actor.role) }],
    serviceProvider: people.organization,
    period: { start: visit.start, end: visit.end },
  };
}

function observations(patientId: string, event: RecordedEvent, people: FhirPeople, encounterId: string): Resource[] {
  const v = (event.data as { vitals: Record<string, unknown> }).vitals;
  const base = (suffix: string, profile: string, codings: Coding[]) => ({
    resourceType: 'Observation',
    id: uuidFor(event.id, suffix),
    meta: { profile: [`${PROFILE}${profile}`] },
    status: 'final',
    category: VITAL_SIGNS_CATEGORY,
    code: { coding: codings.map((c) => ({ system: LOINC, ...c })), text: codings[0]!.display },
    subject: { reference: urn(patientId) },
    encounter: { reference: urn(encounterId) },
    effectiveDateTime: event.metadata.occurredAt,
    performer: [
      people.as({ id: event.metadata.actor.userId, name: event.metadata.actor.name }, event.metadata.actor.role),
    ],
  });
  const out: Resource[] = [];
  if (typeof v.bloodPressure === 'string') {
    const [sys, dia] = v.bloodPressure.split('/').map(Number);
    out.push({
      ...base('bp', 'bp', [{ code: '85354-9', display: 'Blood pressure panel with all children optional' }]),
      component: [
        {
          code: { coding: [{ system: LOINC, code: '8480-6', display: 'Systolic blood pressure' }] },
          valueQuantity: quantity(sys!, 'mmHg', 'mm[Hg]'),
        },
        {
          code: { coding: [{ system: LOINC, code: '8462-4', display: 'Diastolic blood pressure' }] },
          valueQuantity: quantity(dia!, 'mmHg', 'mm[Hg]'),
        },
      ],
    });
  }
  for (const [field, spec] of Object.entries(VITALS)) {
    const value = v[field];
    if (typeof value !== 'number') continue;
    const fahrenheit = field === 'temperature' && v.temperatureUnit === 'F';
    out.push({
      ...base(field, spec.profile, spec.codings),
      valueQuantity: fahrenheit ? quantity(value, '°F', '[degF]') : quantity(value, spec.unit, spec.ucum),
    });
  }
  return out;
}

/**
 * `events`: the patient's stream; `clinical`: the streams of its consultations and lab requests;
 * `catalogue`: the pharmacy's medication names, to code medications by (fhir-coding.ts).
 */
export function fhirBundle(
  patient: ReplayedPatient,
  events: readonly RecordedEvent[],
  clinical: readonly RecordedEvent[],
  now: Date,
  /** `timeZone`: the hospital's, whose days group the vitals into visits. */
  hospital: Hospital & { timeZone: string },
  options: { kind?: BundleKind; catalogue?: MedicationCatalogue } = {},
) {
  const id = patient.row.patient_id;
  const people = new FhirPeople(hospital);
  const vitals = events.filter((e) => e.type === 'VitalsRecorded');
  const { encounterOf, visits } = vitalsEncounters(id, vitals, clinical, hospital.timeZone);
  const resources = [
    patientResource(patient, people),
    ...visits.map((v) => visitEncounter(id, v, people)),
    ...vitals.flatMap((e) => observations(id, e, people, encounterOf.get(e.id)!)),
    ...clinicalResources(id, clinical, people, options.catalogue),
    ...appointmentResources(id, clinical, people),
  ];
  resources.push(...people.all());
  return bundleOf(options.kind ?? 'collection', resources, hospital.id, now);
}
