import { randomUUID } from 'node:crypto';
import type { EventMetadata } from '../../../platform/event-store/port';
import type { Platform } from '../../../platform/platform';
import { hospitalToday } from '../../hospitals';
import { LAB_REQUESTS, orderLabTests } from '../../laboratory';
import { findPatient, PATIENTS_LIST, PatientNotFound, stageConsultationOutcome } from '../../patients';
import { formularyIdsOf } from '../../pharmacy';
import { BadRequest } from '../../../platform/http/errors';
import { consultationStream } from '../consultation';
import { consultationDecider } from '../decider';
import { CONSULTATIONS } from '../read-models/consultations';
import { FOLLOW_UP_IN_PAST, type CreateConsultationBody } from '../../../shared/api/consultation-inputs';
import { toKobo } from '../schemas';

/**
 * One commit: the consultation (with its prescription), a lab request per ordered test, and what it
 * changes on the patient: the status ('refer for test' when it ordered lab tests, else 'consultation',
 * so the status goes straight to where the work is) and the vitals taken. The doctor's list is
 * current when this answers. (A reactor used to follow with the patient's commit; waiting for it
 * was most of this request's time under load.)
 */
export async function recordConsultation(platform: Platform, metadata: EventMetadata, body: CreateConsultationBody) {
  const { hospitalId, actor } = metadata;
  const patient = await findPatient(platform.db, hospitalId, body.patientId, new Date());
  if (!patient) throw new PatientNotFound();
  // The request's shape allowed any hospital's today; the hospital's own zone decides here.
  if (
    body.followUpDate &&
    body.followUpDate < (await hospitalToday(platform.db, hospitalId, new Date(metadata.occurredAt)))
  )
    throw new BadRequest(FOLLOW_UP_IN_PAST, [{ field: 'followUpDate', message: FOLLOW_UP_IN_PAST }]);
  await checkFormulary(platform, hospitalId, body.prescriptions);
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
      // After the consultation: its entry is the commit's entry in the audit trail.
      await stageConsultationOutcome(uow, patient.id, {
        status: body.labOrders.length > 0 ? 'refer for test' : 'consultation',
        vitals: body.vitals,
      });
    },
    { waitFor: [{ name: CONSULTATIONS }, { name: LAB_REQUESTS }, { name: PATIENTS_LIST }] },
  );
  return consultationId;
}

const NOT_IN_FORMULARY = "Medication is not in this hospital's formulary";

/** A prescription picked from the formulary names one of this hospital's medications (issue 34). */
async function checkFormulary(
  platform: Platform,
  hospitalId: string,
  prescriptions: CreateConsultationBody['prescriptions'],
) {
  const ids = prescriptions.flatMap((p) => (p.medicationId ? [p.medicationId] : []));
  const known = await formularyIdsOf(platform.db, hospitalId, ids);
  const errors = prescriptions.flatMap((p, i) =>
    p.medicationId && !known.has(p.medicationId)
      ? [{ field: `prescriptions.${i}.medicationId`, message: NOT_IN_FORMULARY }]
      : [],
  );
  if (errors.length) throw new BadRequest(NOT_IN_FORMULARY, errors);
}
