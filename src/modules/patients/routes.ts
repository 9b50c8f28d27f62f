import { coalescedReads } from '../../platform/db/coalesced-reads';
import { success } from '../../platform/http/envelope';
import { shareAnswer } from '../../platform/http/shared-answers';
import type { HttpApp, Platform } from '../../platform/platform';
import { hospitalTimeZone, hospitalToday } from '../hospitals';
import { admitPatient, changePatientStatus, deletePatient, editPatient, recordVitals } from './commands/change-patient';
import { registerPatient } from './commands/register-patient';
import { listRead } from '../../platform/http/access-trail';
import { offlineHeaders } from '../../platform/http/device-headers';
import { Forbidden } from '../../platform/http/errors';
import { PatientNotFound } from './errors';
import { patientStream } from './patient';
import { patientDetailAsOf } from './read-models/patient-replay';
import { patientStats } from './read-models/patient-counts';
import { findPatient, listPatients } from './read-models/patients-queries';
import {
  admitPatientEndpoint,
  changePatientStatusEndpoint,
  deletePatientEndpoint,
  editPatientEndpoint,
  patientEndpoint,
  patientsEndpoint,
  patientStatsEndpoint,
  recordVitalsEndpoint,
  registerPatientEndpoint,
} from '../../shared/api/patients';

export { PATIENT_ID_SCOPE } from './commands/register-patient';

/** Who may do what (issue 7): the front desk keeps the records, clinicians move and measure patients. */
const VIEW_ROLES = ['admin', 'doctor', 'nurse', 'receptionist'] as const;
const RECORD_ROLES = ['admin', 'receptionist'] as const;
const STATUS_ROLES = ['admin', 'doctor', 'nurse'] as const;
const VITALS_ROLES = ['doctor', 'nurse'] as const;
const ADMIT_ROLES = ['doctor', 'admin'] as const;
/** The compliance officer reads records (never lists or changes them); admins and they may replay one. */
const RECORD_VIEW_ROLES = [...VIEW_ROLES, 'compliance_officer'] as const;
const REPLAY_ROLES: readonly string[] = ['admin', 'compliance_officer'];
const denied = (what: string) => `Access denied. You do not have permission to ${what}.`;

/** A page of the patient list as the endpoint answers it, with where the page stands. */
function patientsAnswer(
  q: { page: number; limit: number },
  { patients, total, totalIsCapped }: Awaited<ReturnType<typeof listPatients>>,
) {
  const pagination = { page: q.page, limit: q.limit, totalPages: Math.ceil(total / q.limit), totalPatients: total };
  return success({ patients, pagination: totalIsCapped ? { ...pagination, totalIsCapped } : pagination });
}

export function patientRoutes(app: HttpApp, platform: Platform) {
  const canView = platform.auth(VIEW_ROLES, denied('view patients'));
  const canViewRecord = platform.auth(RECORD_VIEW_ROLES, denied('view patients'));
  const canRegister = platform.auth(RECORD_ROLES, denied('register patients'));
  const canEdit = platform.auth(RECORD_ROLES, denied('edit patients'));
  const canDelete = platform.auth(RECORD_ROLES, denied('delete patients'));
  const canChangeStatus = platform.auth(STATUS_ROLES, denied('change patient status'));
  const canRecordVitals = platform.auth(VITALS_ROLES, denied('record vitals'));
  const canAdmit = platform.auth(ADMIT_ROLES, denied('admit patients'));
  const security = [{ bearer: [] }];
  const tags = ['Patients'];
  const samePage = coalescedReads<ReturnType<typeof patientsAnswer>>();

  // The access trail (src/platform/http/access-trail.ts): reads of a record and every refusal.
  // Module access (src/platform/http/module-access.ts): the hospital's matrix may take Patient Management away.
  const refusals = (what: string) => ({
    accessModule: 'patients',
    audit: { subject: 'patient', idParam: 'id', what, reads: false },
  });

  app.post(
    registerPatientEndpoint.path,
    {
      config: { ...refusals('registration'), idempotent: true },
      onRequest: canRegister,
      schema: {
        tags,
        security,
        summary: 'Register a patient (409 LIKELY_DUPLICATE with candidates unless allowDuplicate)',
        headers: offlineHeaders,
        body: registerPatientEndpoint.body,
        response: { 201: registerPatientEndpoint.response },
      },
    },
    async (request, reply) => {
      const { allowDuplicate, id, ...details } = request.body;
      const metadata = platform.metadataFor(request);
      const patient = await registerPatient(platform, metadata, details, { allowDuplicate, patientId: id });
      return reply.code(201).send(success({ patient }, 'Patient registered successfully!'));
    },
  );

  app.get(
    patientsEndpoint.path,
    {
      // Every list and search is in the trail with the patients it showed.
      config: { accessModule: 'patients', audit: listRead('patient', 'list') },
      onRequest: canView,
      schema: {
        tags,
        security,
        summary: "List and search the hospital's patients, newest first",
        querystring: patientsEndpoint.query,
        response: { 200: patientsEndpoint.response },
      },
    },
    async (request) => {
      const q = request.query;
      const hospitalId = request.auth!.hospitalId;
      const now = new Date();
      const query = { page: q.page, limit: q.limit, search: q.search, status: q.status, countOnly: q.count_only };
      // The same page for the same hospital and day, asked together (every desk after a live event).
      const key = JSON.stringify([hospitalId, await hospitalToday(platform.db, hospitalId, now), query]);
      // Its callers share one answer too, checked, serialised and searched for patients once.
      return samePage(key, async () =>
        shareAnswer(patientsAnswer(q, await listPatients(platform.db, hospitalId, query, now))),
      );
    },
  );

  app.get(
    patientStatsEndpoint.path,
    {
      config: refusals('counts'),
      onRequest: canView,
      schema: {
        tags,
        security,
        summary: "Patient counts by status, registered today (the hospital's time zone) and ever seen",
        response: { 200: patientStatsEndpoint.response },
      },
    },
    async (request) => {
      const { hospitalId } = request.auth!;
      return success(await patientStats(platform.db, hospitalId, await hospitalToday(platform.db, hospitalId)));
    },
  );

  app.get(
    patientEndpoint.path,
    {
      // The compliance officer opens a record through Audit Logs.
      config: { accessModule: ['patients', 'audit'], audit: { subject: 'patient', idParam: 'id', what: 'detail' } },
      onRequest: canViewRecord,
      schema: {
        tags,
        security,
        summary: 'One patient; with `asOf` (admin, compliance officer) the record as it stood at that instant',
        params: patientEndpoint.params,
        querystring: patientEndpoint.query,
        response: { 200: patientEndpoint.response },
      },
    },
    async (request) => {
      const { hospitalId, role } = request.auth!;
      const { asOf } = request.query;
      if (asOf) {
        if (!REPLAY_ROLES.includes(role)) throw new Forbidden(denied('view past versions of a record'));
        const events = await platform.store.readStream(patientStream(request.params.id));
        if (events[0]?.metadata.hospitalId !== hospitalId) throw new PatientNotFound();
        const patient = patientDetailAsOf(events, asOf, await hospitalTimeZone(platform.db, hospitalId));
        if (!patient) throw new PatientNotFound();
        return success(patient);
      }
      const patient = await findPatient(platform.db, hospitalId, request.params.id, new Date());
      if (!patient) throw new PatientNotFound();
      return success(patient);
    },
  );

  app.put(
    editPatientEndpoint.path,
    {
      config: refusals('edit'),
      onRequest: canEdit,
      schema: {
        tags,
        security,
        summary: 'Edit registration fields; `version` from the detail, 409 STALE_VERSION with `current` when stale',
        params: editPatientEndpoint.params,
        body: editPatientEndpoint.body,
        response: { 200: editPatientEndpoint.response },
      },
    },
    async (request) => {
      const { version, ...changes } = request.body;
      const patient = await editPatient(platform, platform.metadataFor(request), request.params.id, changes, version);
      return success({ patient }, 'Patient updated successfully!');
    },
  );

  app.patch(
    changePatientStatusEndpoint.path,
    {
      config: { ...refusals('status change'), idempotent: true },
      onRequest: canChangeStatus,
      schema: {
        tags,
        security,
        summary: "Change a patient's status; with a stale `version`, 409 STALE_VERSION with `current`",
        headers: offlineHeaders,
        params: changePatientStatusEndpoint.params,
        body: changePatientStatusEndpoint.body,
        response: { 200: changePatientStatusEndpoint.response },
      },
    },
    async (request) => {
      const { status, version } = request.body;
      const metadata = platform.metadataFor(request);
      const patient = await changePatientStatus(platform, metadata, request.params.id, status, version);
      return success({ patient }, 'Patient status updated successfully!');
    },
  );

  app.post(
    recordVitalsEndpoint.path,
    {
      config: { ...refusals('vitals'), idempotent: true },
      onRequest: canRecordVitals,
      schema: {
        tags,
        security,
        summary: 'Record vital signs (at least one, each within its sane range)',
        headers: offlineHeaders,
        params: recordVitalsEndpoint.params,
        body: recordVitalsEndpoint.body,
        response: { 201: recordVitalsEndpoint.response },
      },
    },
    async (request, reply) => {
      const patient = await recordVitals(platform, platform.metadataFor(request), request.params.id, request.body);
      return reply.code(201).send(success({ vitals: patient.vitals! }, 'Vitals recorded successfully!'));
    },
  );

  app.post(
    admitPatientEndpoint.path,
    {
      config: refusals('admission'),
      onRequest: canAdmit,
      schema: {
        tags,
        security,
        summary: 'Admit a patient to a ward (409 while admitted; a discharge ends the admission)',
        params: admitPatientEndpoint.params,
        body: admitPatientEndpoint.body,
        response: { 201: admitPatientEndpoint.response },
      },
    },
    async (request, reply) => {
      const patient = await admitPatient(platform, platform.metadataFor(request), request.params.id, request.body);
      return reply.code(201).send(success({ patient }, 'Patient admitted successfully!'));
    },
  );

  app.delete(
    deletePatientEndpoint.path,
    {
      config: refusals('deletion'),
      onRequest: canDelete,
      schema: {
        tags,
        security,
        summary: 'Delete a patient record (its history stays)',
        params: deletePatientEndpoint.params,
        response: { 200: deletePatientEndpoint.response },
      },
    },
    async (request) => {
      await deletePatient(platform, platform.metadataFor(request), request.params.id);
      return { success: true as const, message: 'Patient deleted successfully!' };
    },
  );
}
