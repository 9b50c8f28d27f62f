import type { EventMetadata } from '../../src/platform/event-store/port';
import type { RecordAccessed } from '../../src/platform/http/access-trail';
import type { InvoiceRaised, PaymentRecorded, ReceiptNumberIssued } from '../../src/modules/billing/events';
import type { ConsultationRecorded, PrescriptionDispensed, PrescriptionIssued } from '../../src/modules/consultations';
import type { LabRequestOrdered, LabResultsRecorded, LabTestStarted } from '../../src/modules/laboratory';
import type { MedicationDispensed, MedicationStocked } from '../../src/modules/pharmacy';
import type { PatientRegistered, PatientStatusChanged, VitalsRecorded } from '../../src/modules/patients';

/** The events a hospital feed holds, the staff who write them, and what they prescribe and order. */
type Evt =
  | PatientRegistered
  | PatientStatusChanged
  | VitalsRecorded
  | ConsultationRecorded
  | PrescriptionIssued
  | PrescriptionDispensed
  | LabRequestOrdered
  | LabTestStarted
  | LabResultsRecorded
  | MedicationStocked
  | MedicationDispensed
  | InvoiceRaised
  | PaymentRecorded
  | ReceiptNumberIssued
  | RecordAccessed;
/** A row of the events table, its data checked against its type's contract. */
export type Row = Evt extends infer E
  ? E extends Evt
    ? { stream: string; revision?: number; type: E['type']; data: E['data']; metadata: EventMetadata }
    : never
  : never;

export const MEDICATIONS = 200;
export const TESTS = [
  { testName: 'Full Blood Count', testCode: 'FBC' },
  { testName: 'Malaria Parasite', testCode: 'MP' },
  { testName: 'Fasting Blood Sugar', testCode: 'FBS' },
  { testName: 'Urinalysis', testCode: 'URN' },
];
export const DRUGS = [
  'Paracetamol 500mg',
  'Amoxicillin 500mg',
  'Artemether/Lumefantrine',
  'Metformin 500mg',
  'Amlodipine 5mg',
];
export const STAFF = {
  receptionist: { userId: 'bench-receptionist', role: 'receptionist', name: 'Bench Receptionist' },
  nurse: { userId: 'bench-nurse', role: 'nurse', name: 'Bench Nurse' },
  doctor: { userId: 'bench-doctor', role: 'doctor', name: 'Dr Bench Doctor' },
  lab: { userId: 'bench-lab', role: 'lab_technician', name: 'Bench Scientist' },
  pharmacist: { userId: 'bench-pharmacist', role: 'pharmacist', name: 'Bench Pharmacist' },
  cashier: { userId: 'bench-cashier', role: 'accountant', name: 'Bench Cashier' },
} as const;

/** An event's metadata: who of STAFF wrote it and when; a correlation id shared by one act's events. */
export type Meta = (actor: keyof typeof STAFF, at: number, correlationId?: string) => EventMetadata;
