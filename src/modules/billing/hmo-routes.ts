import { listRead, patientIdsIn } from '../../platform/http/access-trail';
import { success } from '../../platform/http/envelope';
import type { HttpApp, Platform } from '../../platform/platform';
import { hospitalToday } from '../hospitals';
import { findPatient, PatientNotFound } from '../patients';
import { endEnrollment, enrollPatient, saveHmo } from './commands/hmo';
import { HmoNotFound } from './errors';
import { enrollmentBody, hmoBody, outstandingQuery } from './hmo-schemas';
import { outstanding, patientsOfAging } from './read-models/aging';
import { enrollmentOf, findHmo, listEnrollees, listHmos } from './read-models/hmo-queries';
import { BILLING_MODULE, BILLING_ONLY, BILLING_ROLES } from './roles';
import {
  createHmoEndpoint,
  endEnrollmentEndpoint,
  enrollEndpoint,
  enrollmentEndpoint,
  hmoEndpoint,
  hmosEndpoint,
  outstandingEndpoint,
  updateHmoEndpoint,
} from '../../shared/api/billing';

/** HMO providers, patients' enrollment and what is outstanding per payer (accountant and admin). */
export function hmoRoutes(app: HttpApp, platform: Platform) {
  const billing = platform.auth(BILLING_ROLES, BILLING_ONLY);
  const security = [{ bearer: [] }];
  const tags = ['Billing'];
  const patientAudit = { audit: { subject: 'patient', idParam: 'id', what: 'HMO enrollment' } };

  app.get(
    hmosEndpoint.path,
    {
      onRequest: billing,
      config: BILLING_MODULE,
      schema: {
        tags,
        security,
        summary: 'HMO providers with their enrollee counts',
        response: { 200: hmosEndpoint.response },
      },
    },
    async (request) => success({ hmos: await listHmos(platform.db, request.auth!.hospitalId) }),
  );

  app.post(
    createHmoEndpoint.path,
    {
      onRequest: billing,
      config: BILLING_MODULE,
      schema: {
        tags,
        security,
        summary: 'Add an HMO provider: code unique in the hospital, cover in percent per service kind',
        body: hmoBody,
        response: { 201: createHmoEndpoint.response },
      },
    },
    async (request, reply) => {
      const hmo = await saveHmo(platform, platform.metadataFor(request), request.body);
      return reply.code(201).send(success({ hmo }, 'HMO saved'));
    },
  );

  app.get(
    hmoEndpoint.path,
    {
      onRequest: billing,
      config: {
        ...BILLING_MODULE,
        audit: { subject: 'hmo', idParam: 'id', what: 'enrolled patients', patientIds: patientIdsIn },
      },
      schema: {
        tags,
        security,
        summary: 'An HMO provider and its enrolled patients',
        params: hmoEndpoint.params,
        response: { 200: hmoEndpoint.response },
      },
    },
    async (request) => {
      const { hospitalId } = request.auth!;
      const hmo = await findHmo(platform.db, hospitalId, request.params.id);
      if (!hmo) throw new HmoNotFound();
      return success({ hmo, enrollees: await listEnrollees(platform.db, hospitalId, hmo.id) });
    },
  );

  app.put(
    updateHmoEndpoint.path,
    {
      onRequest: billing,
      config: BILLING_MODULE,
      schema: {
        tags,
        security,
        summary: 'Edit an HMO provider (its code stays); inactive: new invoices are no longer split',
        params: updateHmoEndpoint.params,
        body: hmoBody,
        response: { 200: updateHmoEndpoint.response },
      },
    },
    async (request) => {
      const hmo = await saveHmo(platform, platform.metadataFor(request), request.body, request.params.id);
      return success({ hmo }, 'HMO saved');
    },
  );

  app.get(
    enrollmentEndpoint.path,
    {
      onRequest: billing,
      config: { ...patientAudit, ...BILLING_MODULE },
      schema: {
        tags,
        security,
        summary: "The patient's HMO enrollment (null when none); 404 for a patient not of this hospital",
        params: enrollmentEndpoint.params,
        response: { 200: enrollmentEndpoint.response },
      },
    },
    async (request) => {
      const { hospitalId } = request.auth!;
      // Another hospital's patient (or none) is not found, not "not enrolled".
      const patient = await findPatient(platform.db, hospitalId, request.params.id, new Date());
      if (!patient) throw new PatientNotFound();
      return success({ enrollment: await enrollmentOf(platform.db, hospitalId, patient.id) });
    },
  );

  app.put(
    enrollEndpoint.path,
    {
      onRequest: billing,
      config: { ...patientAudit, ...BILLING_MODULE },
      schema: {
        tags,
        security,
        summary: "Enroll the patient with an HMO (or change it): the patient's new invoices are split",
        params: enrollEndpoint.params,
        body: enrollmentBody,
        response: { 200: enrollEndpoint.response },
      },
    },
    async (request) => {
      const enrollment = await enrollPatient(platform, platform.metadataFor(request), request.params.id, request.body);
      return success({ enrollment }, 'Patient enrolled');
    },
  );

  app.delete(
    endEnrollmentEndpoint.path,
    {
      onRequest: billing,
      config: { ...patientAudit, ...BILLING_MODULE },
      schema: {
        tags,
        security,
        summary: "End the patient's HMO enrollment: new invoices are the patient's alone",
        params: endEnrollmentEndpoint.params,
        response: { 200: endEnrollmentEndpoint.response },
      },
    },
    async (request) => {
      await endEnrollment(platform, platform.metadataFor(request), request.params.id);
      return success({ enrollment: null }, 'Enrollment ended');
    },
  );

  app.get(
    outstandingEndpoint.path,
    {
      onRequest: billing,
      config: { ...BILLING_MODULE, audit: listRead('patient', 'outstanding balances', patientsOfAging) },
      schema: {
        tags,
        security,
        summary: 'Outstanding balances by patient or by HMO, aged 0–30, 31–60, 61–90 and 90+ days',
        querystring: outstandingQuery,
        response: { 200: outstandingEndpoint.response },
      },
    },
    async (request) => {
      const { hospitalId } = request.auth!;
      const today = await hospitalToday(platform.db, hospitalId);
      return success(await outstanding(platform.db, hospitalId, request.query.by, today));
    },
  );
}
