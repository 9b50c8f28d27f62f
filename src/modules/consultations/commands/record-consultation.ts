import { randomUUID } from 'node:crypto';
import type { EventMetadata } from '../../../platform/event-store/port';
import type { Platform } from '../../../platform/platform';
import { LAB_REQUESTS, orderLabTests } from '../../laboratory';
import { findPatient, PatientNotFound } from '../../patients';
import { consultationStream } from '../consultation';
import { consultationDecider } from '../decider';
import { CONSULTATION_PATIENT_STATUS } from '../reactors/patient-status';
import { CONSULTATIONS } from '../read-models/consultations';
import { toKobo, type CreateConsultationBody } from '../schemas';

/**
 * One commit: the consultation (with its prescription) and a lab request per ordered test. Waits
 * (bounded) for the patient's status to follow, so the doctor's list is current when this answers.
 */
export async function recordConsultation(platform: Platform, metadata: EventMetadata, body: CreateConsultationBody) {
  const { hospitalId, actor } = metadata;
  const patient = await findPatient(platform.db, hospitalId, body.patientId, new Date());
  if (!patient) throw new PatientNotFound();
  const consultationId = randomUUID();
  const doctor = { id: actor.userId, name: actor.name };
  const feeKobo = toKobo(body.billing.consultationFee);
  const charges = body.billing.additionalCharges.map((c) => ({
    description: c.description,
    amountKobo: toKobo(c.amount),
  }));
  await platform.transact(
    metadata,
    async (uow) => {
      const labRequestIds = await orderLabTests(
        uow,
        { consultationId, patientId: patient.id, patientName: patient.name, orderedBy: doctor },
        body.labOrders,
      );
      const consultation = await uow.load(consultationDecider, consultationStream(consultationId), { isNew: true });
      uow.decide(consultation, {
        type: 'RecordConsultation',
        consultation: {
          consultationId,
          hospitalId,
          patientId: patient.id,
          patientName: patient.name,
          doctor,
          chiefComplaint: body.chiefComplaint,
          historyOfPresentIllness: body.historyOfPresentIllness,
          physicalExamination: body.physicalExamination,
          primaryDiagnosis: body.primaryDiagnosis,
          ...(body.primaryDiagnosisCode ? { primaryDiagnosisCode: body.primaryDiagnosisCode } : {}),
          treatmentPlan: body.treatmentPlan,
          doctorNotes: body.doctorNotes,
          vitals: body.vitals,
          prescriptions: body.prescriptions,
          labOrders: body.labOrders.map((o, i) => ({ ...o, labRequestId: labRequestIds[i]! })),
          billing: {
            consultationFeeKobo: feeKobo,
            additionalCharges: charges,
            totalAmountKobo: feeKobo + charges.reduce((n, c) => n + c.amountKobo, 0),
          },
          followUp: {
            required: body.followUpRequired,
            date: body.followUpDate,
            instructions: body.followUpInstructions,
          },
        },
      });
    },
    { waitFor: [{ name: CONSULTATIONS }, { name: LAB_REQUESTS }, CONSULTATION_PATIENT_STATUS] },
  );
  return consultationId;
}
