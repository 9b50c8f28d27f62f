import { randomUUID } from 'node:crypto';
import type { Pool } from 'pg';
import type { EventMetadata } from '../../src/platform/event-store/port';
import type { RecordAccessed } from '../../src/platform/http/access-trail';
import type { InvoiceRaised, PaymentRecorded, ReceiptNumberIssued } from '../../src/modules/billing/events';
import type { ConsultationRecorded, PrescriptionDispensed, PrescriptionIssued } from '../../src/modules/consultations';
import type { LabRequestOrdered, LabResultsRecorded, LabTestStarted } from '../../src/modules/laboratory';
import type { MedicationDispensed, MedicationStocked } from '../../src/modules/pharmacy';
import type { PatientRegistered, PatientStatusChanged, VitalsRecorded } from '../../src/modules/patients';
import { demoPatient, demoVitals, random } from '../../scripts/demo-patients';

/**
 * A hospital's feed as its commands would have written it, straight into the events table: each
 * patient's journey (registration, vitals, status changes, a consultation with prescriptions and
 * lab orders, the lab's work, dispensing from shared medication batches, the invoice, its payment
 * and receipt number, and RecordAccessed reads of the record and of lists), journeys of a
 * thousand patients interleaved as a day's work is. Every event's data is typed by its contract.
 */
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
type Row = Evt extends infer E
  ? E extends Evt
    ? { stream: string; revision?: number; type: E['type']; data: E['data']; metadata: EventMetadata }
    : never
  : never;

const MEDICATIONS = 200;
const TESTS = [
  { testName: 'Full Blood Count', testCode: 'FBC' },
  { testName: 'Malaria Parasite', testCode: 'MP' },
  { testName: 'Fasting Blood Sugar', testCode: 'FBS' },
  { testName: 'Urinalysis', testCode: 'URN' },
];
const DRUGS = [
  'Paracetamol 500mg',
  'Amoxicillin 500mg',
  'Artemether/Lumefantrine',
  'Metformin 500mg',
  'Amlodipine 5mg',
];
const STAFF = {
  receptionist: { userId: 'bench-receptionist', role: 'receptionist', name: 'Bench Receptionist' },
  nurse: { userId: 'bench-nurse', role: 'nurse', name: 'Bench Nurse' },
  doctor: { userId: 'bench-doctor', role: 'doctor', name: 'Dr Bench Doctor' },
  lab: { userId: 'bench-lab', role: 'lab_technician', name: 'Bench Scientist' },
  pharmacist: { userId: 'bench-pharmacist', role: 'pharmacist', name: 'Bench Pharmacist' },
  cashier: { userId: 'bench-cashier', role: 'accountant', name: 'Bench Cashier' },
} as const;

export type FeedOptions = { hospitalId: string; patients: number; events: number; seed: number };

/** Fills the events table; returns how many events it wrote. `onChunk` after each thousand patients. */
export async function seedHospitalFeed(pool: Pool, o: FeedOptions, onChunk: (events: number) => void) {
  const rnd = random(o.seed);
  const start = Date.now() - 2 * 365 * 86_400_000;
  const span = 2 * 365 * 86_400_000;
  const meta = (actor: keyof typeof STAFF, at: number, correlationId: string = randomUUID()): EventMetadata => ({
    hospitalId: o.hospitalId,
    actor: { ...STAFF[actor] },
    correlationId,
    causationId: correlationId,
    occurredAt: new Date(at).toISOString(),
  });
  // About 9.4 events a journey before reads; the reads bring the feed to `events`.
  const readsPerPatient = Math.max(0, o.events / o.patients - 9.4);
  const revisions = new Map<string, number>();
  const medications: Row[] = Array.from({ length: MEDICATIONS }, (_, m) => ({
    stream: `medication-bench-${m}`,
    type: 'MedicationStocked',
    data: {
      medicationId: `bench-${m}`,
      hospitalId: o.hospitalId,
      name: DRUGS[m % DRUGS.length]!,
      batchNumber: `B${m}`,
      vendor: 'Emzor',
      expiryDate: '2030-01-01',
      reorderLevel: 50,
      quantity: 100_000_000,
    },
    metadata: meta('pharmacist', start),
  }));
  let written = await insertRows(pool, assignRevisions(medications, revisions));
  const recent: string[] = [];
  for (let from = 0; from < o.patients; from += 1000) {
    const journeys: Row[][] = [];
    for (let n = from; n < Math.min(o.patients, from + 1000); n++) {
      const at = start + Math.floor((n / o.patients) * span);
      journeys.push(journey(rnd, n, at, o.hospitalId, meta, readsPerPatient, recent));
    }
    written += await insertRows(pool, assignRevisions(interleave(rnd, journeys), revisions));
    onChunk(written);
  }
  return written;
}

function journey(
  rnd: () => number,
  n: number,
  at: number,
  hospitalId: string,
  meta: (actor: keyof typeof STAFF, at: number, correlationId?: string) => EventMetadata,
  reads: number,
  recent: string[],
): Row[] {
  const patientId = randomUUID();
  const p = demoPatient(rnd, n, 'RB', new Date(at));
  const patientName = `${p.firstName} ${p.lastName}`;
  const stream = `patient-${patientId}`;
  const min = (m: number) => at + m * 60_000;
  const rows: Row[] = [
    {
      stream,
      revision: 0,
      type: 'PatientRegistered',
      data: { ...p, patientId, hospitalId, status: 'waiting' },
      metadata: meta('receptionist', min(0)),
    },
  ];
  let rev = 1;
  const access = (minute: number, list: boolean) => {
    const shown = list ? recent.slice(0, 20) : [];
    const data: RecordAccessed['data'] = list
      ? { subjectType: 'patient', subjectId: null, what: 'list', method: 'GET', route: '/api/patients', purpose: null }
      : {
          subjectType: 'patient',
          subjectId: patientId,
          what: 'detail',
          method: 'GET',
          route: '/api/patients/:id',
          purpose: null,
        };
    if (list) Object.assign(data, { patientIds: shown, patientCount: shown.length });
    rows.push({
      stream: `access-${randomUUID()}`,
      revision: 0,
      type: 'RecordAccessed',
      data,
      metadata: meta('doctor', min(minute)),
    });
  };
  recent.unshift(patientId);
  if (recent.length > 20) recent.pop();
  for (let r = reads; r > 0; r--) if (r >= 1 || rnd() < r) access(5 + r, rnd() < 0.1);
  if (rnd() < 0.6) {
    const vitals = demoVitals(rnd);
    rows.push({
      stream,
      revision: rev++,
      type: 'VitalsRecorded',
      data: { patientId, vitals },
      metadata: meta('nurse', min(10)),
    });
  }
  if (rnd() >= 0.8) return rows;
  const status = (from: PatientStatusChanged['data']['to'], to: PatientStatusChanged['data']['to'], minute: number) =>
    rows.push({
      stream,
      revision: rev++,
      type: 'PatientStatusChanged',
      data: { patientId, from, to },
      metadata: meta('doctor', min(minute)),
    });
  status('waiting', 'consultation', 20);
  const consultationId = randomUUID();
  const doctor = { id: STAFF.doctor.userId, name: STAFF.doctor.name };
  const prescriptions = (rnd() < 0.7 ? DRUGS.slice(0, 1 + Math.floor(rnd() * 2)) : []).map((name) => ({
    medicationName: name,
    dosage: '1 tablet',
    frequency: 'twice daily',
    duration: '5 days',
    instructions: null,
    quantity: 10,
  }));
  const labs = (rnd() < 0.5 ? TESTS.slice(0, rnd() < 0.3 ? 2 : 1) : []).map((t) => ({
    ...t,
    labRequestId: randomUUID(),
    urgency: 'Routine' as const,
    instructions: null,
  }));
  const visit = meta('doctor', min(40));
  const fee = 500_000;
  rows.push({
    stream: `consultation-${consultationId}`,
    revision: 0,
    type: 'ConsultationRecorded',
    data: {
      consultationId,
      hospitalId,
      patientId,
      patientName,
      doctor,
      chiefComplaint: 'Fever and headache for three days',
      historyOfPresentIllness: null,
      physicalExamination: 'Temperature raised, otherwise unremarkable',
      primaryDiagnosis: 'Malaria',
      treatmentPlan: 'ACT, fluids, review in a week',
      doctorNotes: null,
      vitals: null,
      prescriptions,
      labOrders: labs,
      billing: { consultationFeeKobo: fee, additionalCharges: [], totalAmountKobo: fee },
      followUp: { required: false, date: null, instructions: null },
    },
    metadata: visit,
  });
  if (prescriptions.length) {
    rows.push({
      stream: `consultation-${consultationId}`,
      revision: 1,
      type: 'PrescriptionIssued',
      data: {
        consultationId,
        patientId,
        patientName,
        prescribedBy: doctor,
        diagnosis: 'Malaria',
        medications: prescriptions,
      },
      metadata: visit,
    });
  }
  const orderedBy = doctor;
  for (const l of labs) {
    const context = {
      labRequestId: l.labRequestId,
      consultationId,
      patientId,
      patientName,
      orderedBy,
      testName: l.testName,
      testCode: l.testCode,
      urgency: l.urgency,
    };
    const s = `lab-request-${l.labRequestId}`;
    rows.push({
      stream: s,
      revision: 0,
      type: 'LabRequestOrdered',
      data: { ...context, hospitalId, instructions: null },
      metadata: visit,
    });
  }
  const invoiceId = randomUUID();
  rows.push({
    stream: `invoice-${invoiceId}`,
    revision: 0,
    type: 'InvoiceRaised',
    data: {
      invoiceId,
      hospitalId,
      patientId,
      patientName,
      consultationId,
      doctor,
      lines: [
        {
          lineId: randomUUID(),
          kind: 'consultation',
          description: 'Consultation',
          quantity: 1,
          unitPriceKobo: fee,
          amountKobo: fee,
          source: `consultation:${consultationId}`,
        },
      ],
      totalKobo: fee,
      cover: null,
    },
    metadata: meta('doctor', min(41), visit.correlationId),
  });
  status('consultation', 'seen', 45);
  for (const l of labs) {
    if (rnd() < 0.1) continue;
    const context = {
      labRequestId: l.labRequestId,
      consultationId,
      patientId,
      patientName,
      orderedBy,
      testName: l.testName,
      testCode: l.testCode,
      urgency: l.urgency,
    };
    const s = `lab-request-${l.labRequestId}`;
    rows.push({ stream: s, revision: 1, type: 'LabTestStarted', data: context, metadata: meta('lab', min(60)) });
    rows.push({
      stream: s,
      revision: 2,
      type: 'LabResultsRecorded',
      data: {
        ...context,
        results: { Result: 'Negative', Value: Math.round(rnd() * 100) },
        notes: null,
        conductedBy: STAFF.lab.name,
      },
      metadata: meta('lab', min(120)),
    });
  }
  if (prescriptions.length && rnd() < 0.8) {
    const dispensing = meta('pharmacist', min(90));
    rows.push({
      stream: `consultation-${consultationId}`,
      revision: 2,
      type: 'PrescriptionDispensed',
      data: {
        consultationId,
        patientId,
        patientName,
        prescribedBy: doctor,
        items: prescriptions.map((m, index) => ({ index, medicationName: m.medicationName, quantity: m.quantity })),
        complete: true,
      },
      metadata: dispensing,
    });
    prescriptions.forEach((m, index) => {
      const batch = Math.floor(rnd() * MEDICATIONS);
      rows.push({
        stream: `medication-bench-${batch}`,
        type: 'MedicationDispensed',
        data: {
          medicationId: `bench-${batch}`,
          name: m.medicationName,
          quantity: m.quantity,
          consultationId,
          prescriptionIndex: index,
          patientId,
        },
        metadata: dispensing,
      });
    });
  }
  if (rnd() < 0.7) {
    const paymentId = randomUUID();
    const paying = meta('cashier', min(150));
    rows.push({
      stream: `invoice-${invoiceId}`,
      revision: 1,
      type: 'PaymentRecorded',
      data: {
        invoiceId,
        paymentId,
        patientId,
        patientName,
        amountKobo: fee,
        method: 'cash',
        reference: null,
        receiptNumber: `RCT-${n}`,
        idempotencyKey: null,
        payer: 'patient',
      },
      metadata: paying,
    });
    rows.push({
      stream: `billing-receipts-${hospitalId}`,
      type: 'ReceiptNumberIssued',
      data: { hospitalId, number: n + 1, paymentId, invoiceId },
      metadata: paying,
    });
  }
  return rows;
}

/** The journeys merged as a day's work interleaves them, each journey's own order kept. */
function interleave(rnd: () => number, journeys: Row[][]): Row[] {
  const at = journeys.map(() => 0);
  const open = journeys.map((_, i) => i);
  const out: Row[] = [];
  while (open.length) {
    const k = Math.floor(rnd() * open.length);
    const j = open[k]!;
    out.push(journeys[j]![at[j]!++]!);
    if (at[j] === journeys[j]!.length) open.splice(k, 1);
  }
  return out;
}

/** Streams shared by journeys (medication batches, the receipt counter) number their events in feed order. */
function assignRevisions(rows: Row[], revisions: Map<string, number>): Row[] {
  for (const r of rows) {
    if (r.revision !== undefined) continue;
    const next = revisions.get(r.stream) ?? 0;
    r.revision = next;
    revisions.set(r.stream, next + 1);
  }
  return rows;
}

/** Rows a statement: one transaction each, so the feed has commits of this size. */
const PER_STATEMENT = 5000;

async function insertRows(pool: Pool, rows: Row[]): Promise<number> {
  for (let i = 0; i < rows.length; i += PER_STATEMENT) {
    const part = rows.slice(i, i + PER_STATEMENT);
    await pool.query(
      `insert into events (stream_id, stream_revision, event_id, type, data, metadata)
       select * from unnest($1::text[], $2::bigint[], $3::uuid[], $4::text[], $5::jsonb[], $6::jsonb[])`,
      [
        part.map((r) => r.stream),
        part.map((r) => r.revision),
        part.map(() => randomUUID()),
        part.map((r) => r.type),
        part.map((r) => JSON.stringify(r.data)),
        part.map((r) => JSON.stringify(r.metadata)),
      ],
    );
  }
  return rows.length;
}
