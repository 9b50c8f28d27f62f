import type { RecordedEvent } from '../../platform/event-store/port';
import { ATC_SYSTEM, atcFor, doseUnitOf } from '../../shared/atc';
import { findIcd10, ICD10_SYSTEM } from '../../shared/icd10';
import type { ConsultationRecorded } from '../consultations';
import { urn, uuidFor, type Resource } from './fhir-ids';
import type { FhirPeople } from './fhir-people';

/**
 * Codes the export adds to text it already carries (issue 22 item 11): the ICD-10 code of a
 * diagnosis chosen from the list, on a Condition per consultation, and the pharmacy catalogue's
 * own code for a medication it stocks. The catalogue's code system is per hospital,
 * `urn:hms:hospital:<hospitalId>:medication`, and a code is the medication's name in lower case,
 * trimmed, with inner spaces collapsed: the same key the pharmacy groups its batches by.
 */
export type MedicationCatalogue = { system: string; names: ReadonlySet<string> };

export const medicationSystem = (hospitalId: string) => `urn:hms:hospital:${hospitalId}:medication`;
export const medicationCode = (name: string) => name.trim().toLowerCase().replace(/\s+/g, ' ');

/**
 * The medication as text, with the catalogue's coding when the catalogue knows the name, and its WHO ATC code
 * beside it where the formulary table maps the name (src/shared/atc.ts).
 */
export function medicationConcept(name: string, catalogue: MedicationCatalogue | undefined) {
  const code = medicationCode(name);
  const atc = atcFor(name);
  const coding = [
    ...(catalogue?.names.has(code) ? [{ system: catalogue.system, code, display: name }] : []),
    ...(atc ? [{ system: ATC_SYSTEM, code: atc.code, display: atc.display }] : []),
  ];
  return coding.length ? { coding, text: name } : { text: name };
}

/** A counted quantity of a medication, in the unit of its dose form (UCUM annotation: {tablet}, {bottle} …). */
export function medicationQuantity(value: number, name: string) {
  const unit = doseUnitOf(name);
  return { value, unit, system: 'http://unitsofmeasure.org', code: `{${unit}}` };
}

export const conditionId = (consultationId: string) => uuidFor(consultationId, 'condition');

/** The consultation's primary diagnosis as an encounter diagnosis: its ICD-10 coding when chosen from the list. */
export function condition(
  patient: { reference: string },
  e: RecordedEvent<ConsultationRecorded>,
  people: FhirPeople,
): Resource {
  const d = e.data;
  const icd = d.primaryDiagnosisCode ? findIcd10(d.primaryDiagnosisCode) : undefined;
  return {
    resourceType: 'Condition',
    id: conditionId(d.consultationId),
    category: [
      {
        coding: [
          {
            system: 'http://terminology.hl7.org/CodeSystem/condition-category',
            code: 'encounter-diagnosis',
            display: 'Encounter Diagnosis',
          },
        ],
      },
    ],
    code: {
      ...(icd ? { coding: [{ system: ICD10_SYSTEM, code: icd.code, display: icd.display }] } : {}),
      text: d.primaryDiagnosis,
    },
    subject: patient,
    encounter: { reference: urn(d.consultationId) },
    recordedDate: e.metadata.occurredAt,
    recorder: people.as(d.doctor, 'doctor'),
  };
}
