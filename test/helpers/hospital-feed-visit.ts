import { randomUUID } from 'node:crypto';
import type { PatientStatusChanged } from '../../src/modules/patients';
import { DRUGS, MEDICATIONS, STAFF, TESTS, type Meta, type Row } from './hospital-feed-rows';

type Status = PatientStatusChanged['data']['to'];

/** What a visit needs of its patient's journey; `status` and the visit's events go onto `rows` in order. */
export type VisitOf = {
  rnd: () => number;
  n: number;
  hospitalId: string;
  patientId: string;
  patientName: string;
  meta: Meta;
  min: (minute: number) => number;
  status: (from: Status, to: Status, minute: number) => void;
  rows: Row[];
};

/**
 * A patient's visit: a consultation with prescriptions and lab orders, its invoice, the lab's work,
 * dispensing from the shared medication batches, and the payment with its receipt number.
 */
export function visit({ rnd, n, hospitalId, patientId, patientName, meta, min, status, rows }: VisitOf) {
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
  const consulting = meta('doctor', min(40));
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
    metadata: consulting,
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
      metadata: consulting,
    });
  }
  // What every event of a lab request repeats.
  const labContext = (l: (typeof labs)[number]) => ({
    labRequestId: l.labRequestId,
    consultationId,
    patientId,
    patientName,
    orderedBy: doctor,
    testName: l.testName,
    testCode: l.testCode,
    urgency: l.urgency,
  });
  for (const l of labs) {
    rows.push({
      stream: `lab-request-${l.labRequestId}`,
      revision: 0,
      type: 'LabRequestOrdered',
      data: { ...labContext(l), hospitalId, instructions: null },
      metadata: consulting,
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
    metadata: meta('doctor', min(41), consulting.correlationId),
  });
  status('consultation', 'seen', 45);
  for (const l of labs) {
    if (rnd() < 0.1) continue;
    const context = labContext(l);
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
}
