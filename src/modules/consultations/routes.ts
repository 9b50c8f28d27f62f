import { listRead } from '../../platform/http/access-trail';
import { success } from '../../platform/http/envelope';
import type { HttpApp, Platform } from '../../platform/platform';
import { labRequestsForConsultations, pagination } from '../laboratory';
import { Forbidden } from '../../platform/http/errors';
import { hospitalToday } from '../hospitals';
import { findPatient, PatientNotFound } from '../patients';
import { countLowStock } from '../pharmacy';
import { dispensePrescription } from './commands/dispense-prescription';
import { recordConsultation } from './commands/record-consultation';
import { consultationInvoiceId } from './invoice-id';
import {
  consultationsOfPatient,
  dispensingStats,
  patientsSeenBy,
  pendingPrescriptions,
} from './read-models/consultations';
import { countDispensedItems, dispensationActivity } from './read-models/dispensation-activity';
import { consultationsAsOf } from './read-models/consultations-as-of';
import {
  createConsultationEndpoint,
  patientConsultationsEndpoint,
  patientsSeenEndpoint,
} from '../../shared/api/consultations';
import {
  dispenseEndpoint,
  dispensationsEndpoint,
  pendingPrescriptionsEndpoint,
  pharmacyStatsEndpoint,
} from '../../shared/api/dispensing';

const PHARMACIST_ONLY = 'Access denied. Pharmacist role required.';
const DOCTOR_ONLY = 'Access denied. Doctor role required.';
/** As for a patient's record: admins and compliance officers replay the list as of an instant. */
const REPLAY_ROLES: readonly string[] = ['admin', 'compliance_officer'];
const NO_REPLAY = 'Access denied. You do not have permission to view past versions of a record.';

/**
 * The spec's client shows `message` as its toast: a 400 from these routes carries the first
 * field's message there (e.g. 'Chief complaint is required'); each field error stays { field, message }.
 */
function firstFieldMessage(app: HttpApp) {
  app.addHook('onSend', async (_request, reply, payload) => {
    if (reply.statusCode !== 400 || typeof payload !== 'string' || !payload.includes('"errors"')) return payload;
    const body = JSON.parse(payload) as { message?: string; errors?: { message?: string }[] };
    if (!Array.isArray(body.errors) || !body.errors[0]?.message) return payload;
    body.message = body.errors[0].message;
    return JSON.stringify(body);
  });
}

export function consultationRoutes(app: HttpApp, platform: Platform) {
  const doctor = platform.auth(['doctor'], DOCTOR_ONLY);
  const pharmacist = platform.auth(['pharmacist'], PHARMACIST_ONLY);
  const pharmacyDashboard = platform.auth(['pharmacist', 'admin'], PHARMACIST_ONLY);
  const security = [{ bearer: [] }];
  const tags = ['Consultations'];
  firstFieldMessage(app);

  const listForPatient = async (hospitalId: string, patientId: string) => {
    const consultations = await consultationsOfPatient(platform.db, hospitalId, patientId);
    const labs = await labRequestsForConsultations(
      platform.db,
      hospitalId,
      consultations.map((c) => c.id),
    );
    return consultations.map((c) => ({ ...c, labOrders: labs.filter((l) => l.consultationId === c.id) }));
  };

  app.post(
    createConsultationEndpoint.path,
    {
      config: { accessModule: 'patients' },
      onRequest: doctor,
      schema: {
        tags,
        security,
        summary: 'Record a consultation with its prescription, lab orders and fee (one commit)',
        body: createConsultationEndpoint.body,
        response: { 201: createConsultationEndpoint.response },
      },
    },
    async (request, reply) => {
      const metadata = platform.metadataFor(request);
      const id = await recordConsultation(platform, metadata, request.body);
      const consultation = (await listForPatient(metadata.hospitalId, request.body.patientId)).find((c) => c.id === id);
      // Billing's routes wait for its reactor to raise it.
      const invoiceId = consultationInvoiceId(id);
      return reply.code(201).send({
        success: true,
        message: 'Consultation saved successfully!',
        consultation,
        data: { consultation, invoiceId },
      });
    },
  );

  app.get(
    patientConsultationsEndpoint.path,
    {
      // A read of the patient's record: the access trail records it (and every refusal).
      config: {
        accessModule: ['patients', 'audit'],
        audit: { subject: 'patient', idParam: 'patientId', what: 'consultations' },
      },
      onRequest: platform.auth(['doctor', 'admin', 'compliance_officer'], DOCTOR_ONLY),
      schema: {
        tags,
        security,
        summary:
          "A patient's consultations, newest first (doctor); with `asOf` (admin, compliance officer) the list as it stood then",
        params: patientConsultationsEndpoint.params,
        querystring: patientConsultationsEndpoint.query,
        response: { 200: patientConsultationsEndpoint.response },
      },
    },
    async (request) => {
      const { hospitalId, role } = request.auth!;
      const { asOf } = request.query;
      if (asOf) {
        if (!REPLAY_ROLES.includes(role)) throw new Forbidden(NO_REPLAY);
        const list = await consultationsAsOf(platform.db, platform.store, hospitalId, request.params.patientId, asOf);
        if (!list) throw new PatientNotFound();
        return success(list);
      }
      if (role !== 'doctor') throw new Forbidden(DOCTOR_ONLY);
      const patient = await findPatient(platform.db, hospitalId, request.params.patientId, new Date());
      if (!patient) throw new PatientNotFound();
      return success(await listForPatient(hospitalId, patient.id));
    },
  );

  app.get(
    patientsSeenEndpoint.path,
    {
      // A count, no patient shown (like /patients/stats).
      config: { accessModule: 'patients' },
      onRequest: doctor,
      schema: {
        tags,
        security,
        summary: "The signed-in doctor's figures: distinct patients they have recorded a consultation for",
        response: { 200: patientsSeenEndpoint.response },
      },
    },
    async (request) => {
      const { hospitalId, userId } = request.auth!;
      return success({ patientsSeen: await patientsSeenBy(platform.db, hospitalId, userId) });
    },
  );

  app.get(
    pendingPrescriptionsEndpoint.path,
    {
      config: { accessModule: 'pharmacy', audit: listRead('prescription', 'queue') },
      onRequest: pharmacist,
      schema: {
        tags,
        security,
        summary: 'Prescriptions with medications left to dispense, oldest first',
        querystring: pendingPrescriptionsEndpoint.query,
        response: { 200: pendingPrescriptionsEndpoint.response },
      },
    },
    async (request) => {
      const { page, limit } = request.query;
      const { prescriptions, total } = await pendingPrescriptions(platform.db, request.auth!.hospitalId, page, limit);
      return { success: true as const, data: prescriptions, pagination: pagination(page, limit, total) };
    },
  );

  app.post(
    dispenseEndpoint.path,
    {
      config: { accessModule: 'pharmacy' },
      onRequest: pharmacist,
      schema: {
        tags,
        security,
        summary: 'Dispense all medications (empty body) or those at `items` indexes; never twice',
        params: dispenseEndpoint.params,
        body: dispenseEndpoint.body,
        response: { 200: dispenseEndpoint.response },
      },
    },
    async (request) => {
      const result = await dispensePrescription(
        platform,
        platform.metadataFor(request),
        request.params.consultationId,
        request.body?.items,
      );
      const message = result.dispensed.length ? 'Medication dispensed successfully!' : 'Medication already dispensed';
      return { success: true as const, data: result, message };
    },
  );

  app.get(
    pharmacyStatsEndpoint.path,
    {
      config: { accessModule: 'pharmacy', audit: listRead('dispensation', 'dashboard') },
      onRequest: pharmacyDashboard,
      schema: {
        tags: ['Pharmacy'],
        security,
        summary:
          'Pending prescriptions, medications dispensed today (in the hospital time zone) and in all, low stock, latest dispensations',
        querystring: pharmacyStatsEndpoint.query,
        response: { 200: pharmacyStatsEndpoint.response },
      },
    },
    async (request) => {
      const { hospitalId } = request.auth!;
      const [stats, dispensedTotal, lowStock] = await Promise.all([
        dispensingStats(platform.db, hospitalId, await hospitalToday(platform.db, hospitalId), request.query.recent),
        countDispensedItems(platform.db, hospitalId),
        countLowStock(platform.db, hospitalId),
      ]);
      return success({ ...stats, dispensedTotal, lowStock });
    },
  );

  app.get(
    dispensationsEndpoint.path,
    {
      config: { audit: listRead('dispensation', 'list') },
      onRequest: pharmacyDashboard,
      schema: {
        tags: ['Pharmacy'],
        security,
        summary: 'Dispensation activity, newest first: who received which medications, at what dosage',
        querystring: dispensationsEndpoint.query,
        response: { 200: dispensationsEndpoint.response },
      },
    },
    async (request) => {
      const { page, limit } = request.query;
      const { dispensations, total } = await dispensationActivity(platform.db, request.auth!.hospitalId, page, limit);
      return { success: true as const, data: dispensations, pagination: pagination(page, limit, total) };
    },
  );
}
