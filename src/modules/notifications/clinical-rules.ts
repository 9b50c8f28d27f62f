import type { ConsultationEvent } from '../consultations';
import type { LabRequestEvent } from '../laboratory';
import { by, defineRules, type Draft } from './draft';

/** Consultations', the pharmacy's and the laboratory's server messages. */
export const CLINICAL_RULES = defineRules<ConsultationEvent | LabRequestEvent>({
  // One consultation's lab tests are one NEW_LAB_ORDER (not one per test), urgent when any is STAT.
  ConsultationRecorded: async (e) => {
    const d = e.data;
    const consultation = {
      id: d.consultationId,
      patientId: d.patientId,
      patientName: d.patientName,
      doctor: d.doctor,
      primaryDiagnosis: d.primaryDiagnosis,
      labOrders: d.labOrders.map((o) => ({ testName: o.testName, testCode: o.testCode, urgency: o.urgency })),
    };
    const drafts: Draft[] = [
      {
        type: 'CONSULTATION_CREATED',
        title: 'Consultation Recorded',
        message: `${d.doctor.name} recorded a consultation for ${d.patientName}`,
        priority: 'normal',
        data: { consultation },
      },
    ];
    if (d.labOrders.length > 0) {
      const stat = d.labOrders.some((o) => o.urgency === 'STAT');
      const tests = d.labOrders.map((o) => o.testName).join(', ');
      const message = `${stat ? 'URGENT: ' : ''}New lab order for ${d.patientName}: ${tests}`;
      drafts.push({
        type: 'NEW_LAB_ORDER',
        title: 'New Lab Order',
        message,
        priority: stat ? 'urgent' : 'high',
        data: { consultation, notification: { message, priority: stat ? 'urgent' : 'high' } },
      });
    }
    return drafts;
  },
  PrescriptionIssued: async (e) => {
    const d = e.data;
    const message = `New prescription for ${d.patientName} from ${d.prescribedBy.name} (${d.medications.length} item${d.medications.length === 1 ? '' : 's'})`;
    const consultation = {
      id: d.consultationId,
      patientId: d.patientId,
      patientName: d.patientName,
      doctor: d.prescribedBy,
      diagnosis: d.diagnosis,
      // The whole prescription, so the pharmacist's open queue can show its card without a refetch.
      dateIssued: e.metadata.occurredAt,
      medications: d.medications.map(({ medicationName, ...m }) => ({ name: medicationName, ...m })),
    };
    return [
      {
        type: 'NEW_PRESCRIPTION',
        title: 'New Prescription',
        message,
        priority: 'high',
        data: { consultation, notification: { message, priority: 'high' } },
      },
    ];
  },
  PrescriptionDispensed: async (e) => {
    const d = e.data;
    const items = d.items.map((i) => i.medicationName).join(', ');
    return [
      {
        type: 'PRESCRIPTION_DISPENSED',
        title: 'Prescription Dispensed',
        message: `Dispensed to ${d.patientName}: ${items}`,
        priority: 'low',
        data: {
          consultationId: d.consultationId,
          patientId: d.patientId,
          patientName: d.patientName,
          prescribedBy: d.prescribedBy,
          dispensedBy: by(e),
          items: d.items,
          complete: d.complete,
        },
      },
    ];
  },
  LabResultsRecorded: async (e) => {
    const d = e.data;
    return [
      {
        type: 'LAB_RESULTS_READY',
        title: 'Lab Results Ready',
        message: `${d.testName} results are ready for ${d.patientName}`,
        priority: d.urgency === 'STAT' ? 'urgent' : 'high',
        data: {
          patientId: d.patientId,
          patientName: d.patientName,
          consultationId: d.consultationId,
          labRequestId: d.labRequestId,
          orderedBy: d.orderedBy,
          completedBy: d.conductedBy,
          tests: [d.testName],
        },
      },
    ];
  },
});
