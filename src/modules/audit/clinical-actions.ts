import type { DomainEvent } from '../../platform/event-store/port';
import type { Described, NameOf } from './describe-kit';
import { str, unnamed } from './describe-kit';

/**
 * The trail's sentences for the clinical modules' events: consultations, prescriptions and their
 * dispensing, lab orders and results. Each names the patient (the projection's copy of the name,
 * else the one the event carries) and points at the record it is about; the patient it concerns
 * is kept beside it (`patient_id`), so it is in that patient's history too.
 */
type Data = Record<string, unknown>;

const count = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;
const listOf = (v: unknown): unknown[] => (Array.isArray(v) ? v : []);

export function describeClinical(event: DomainEvent, name: NameOf): Described | null {
  const d = event.data as Data;
  const patient = name('patient', str(d.patientId)) ?? (str(d.patientName) || unnamed('patient', str(d.patientId)));
  const on = (action: string, subjectType: string, subjectId: unknown): Described => ({
    action,
    subjectType,
    subjectId: str(subjectId) || null,
    outcome: 'success',
  });
  switch (event.type) {
    case 'ConsultationRecorded': {
      const extras = [
        listOf(d.prescriptions).length ? count(listOf(d.prescriptions).length, 'medication') : '',
        listOf(d.labOrders).length ? count(listOf(d.labOrders).length, 'lab order') : '',
      ].filter(Boolean);
      const withExtras = extras.length ? ` (${extras.join(', ')})` : '';
      return on(
        `Recorded a consultation for ${patient}: ${str(d.primaryDiagnosis)}${withExtras}`,
        'consultation',
        d.consultationId,
      );
    }
    case 'PrescriptionIssued':
      return on(
        `Prescribed ${count(listOf(d.medications).length, 'medication')} for ${patient}`,
        'prescription',
        d.consultationId,
      );
    case 'PrescriptionDispensed': {
      const items = listOf(d.items).length;
      const rest = d.complete ? '' : ', more to dispense';
      return on(`Dispensed ${count(items, 'item')} to ${patient}${rest}`, 'prescription', d.consultationId);
    }
    case 'MedicationDispensed':
      return on(`Took ${str(d.quantity)} × ${str(d.name)} from stock for ${patient}`, 'medication', d.medicationId);
    case 'LabRequestOrdered':
      return on(`Ordered ${str(d.testName)} (${str(d.urgency)}) for ${patient}`, 'lab request', d.labRequestId);
    case 'LabTestStarted':
      return on(`Started ${str(d.testName)} for ${patient}`, 'lab request', d.labRequestId);
    case 'LabResultsRecorded':
      return on(`Recorded the ${str(d.testName)} results of ${patient}`, 'lab request', d.labRequestId);
    default:
      return null;
  }
}
