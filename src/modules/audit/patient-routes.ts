import { success } from '../../platform/http/envelope';
import { NotFound } from '../../platform/http/errors';
import type { HttpApp, Platform } from '../../platform/platform';
import { findHospital, hospitalTimeZone } from '../hospitals';
import { patientStream, replayPatient } from '../patients';
import { jsonExport } from './export';
import { catalogueMedicationNames } from '../pharmacy';
import { patientExportAnswer } from './export-schemas';
import { fhirBundle } from './fhir';
import { medicationSystem } from './fhir-coding';
import { clinicalStreamsOf, patientHistory, registeredHere } from './patient-history';
import { trailCaughtUp } from './caught-up';
import { AUDIT_DENIED, AUDIT_ROLES } from './routes';
import { exportQuery, idParams } from './schemas';
import { patientHistoryEndpoint } from '../../shared/api/audit';

const PATIENT_NOT_FOUND = 'Patient not found';

async function hospitalOf(platform: Platform, hospitalId: string) {
  const hospital = await findHospital(platform.db, hospitalId);
  const timeZone = await hospitalTimeZone(platform.db, hospitalId);
  return { id: hospitalId, code: hospital?.hospitalId ?? null, name: hospital?.name ?? null, timeZone };
}

/**
 * A patient's timeline and the data-subject export. Both are reads of the record and leave an
 * access event (route config `audit`); another hospital's patient answers 404.
 */
export function auditPatientRoutes(app: HttpApp, platform: Platform) {
  const canAudit = platform.auth(AUDIT_ROLES, AUDIT_DENIED);
  const security = [{ bearer: [] }];
  const tags = ['Audit'];

  /** The patient's stream, or 404 when it is not this hospital's. */
  async function streamOf(hospitalId: string, patientId: string) {
    const events = await platform.store.readStream(patientStream(patientId));
    if (events[0]?.metadata.hospitalId !== hospitalId) throw new NotFound(PATIENT_NOT_FOUND);
    return events;
  }

  app.get(
    patientHistoryEndpoint.path,
    {
      config: { accessModule: 'audit', audit: { subject: 'patient', idParam: 'id', what: 'history' } },
      onRequest: canAudit,
      schema: {
        tags,
        security,
        summary: "The patient's timeline, oldest first: every change (old → new), read and refusal, with who and when",
        params: patientHistoryEndpoint.params,
        response: { 200: patientHistoryEndpoint.response },
      },
    },
    async (request) => {
      const { hospitalId } = request.auth!;
      await trailCaughtUp(platform);
      // The registration in this hospital's own trail is the tenancy check: no stream to read.
      if (!(await registeredHere(platform.db, hospitalId, request.params.id))) throw new NotFound(PATIENT_NOT_FOUND);
      return success({ entries: await patientHistory(platform.db, hospitalId, request.params.id) });
    },
  );

  app.get(
    '/patients/:id/export',
    {
      config: { accessModule: 'audit', audit: { subject: 'patient', idParam: 'id', what: 'export' } },
      onRequest: canAudit,
      schema: {
        tags,
        security,
        summary:
          'Everything held about the patient: format=json (default) or fhir (an R4 Bundle); bundle=transaction gives the FHIR export as a transaction of conditional creates',
        params: idParams,
        querystring: exportQuery,
        response: { 200: patientExportAnswer },
      },
    },
    async (request, reply) => {
      const { hospitalId } = request.auth!;
      const events = await streamOf(hospitalId, request.params.id);
      const hospital = await hospitalOf(platform, hospitalId);
      const patient = replayPatient(events, null, hospital.timeZone);
      if (!patient) throw new NotFound(PATIENT_NOT_FOUND);
      const now = new Date();
      const { format, bundle } = request.query;
      const fhir = format === 'fhir' || bundle !== undefined;
      const clinical = await clinicalEventsOf(hospitalId, request.params.id);
      const body = fhir
        ? fhirBundle(patient, events, clinical, now, hospital, {
            kind: bundle ?? 'collection',
            catalogue: {
              system: medicationSystem(hospitalId),
              names: await catalogueMedicationNames(platform.db, hospitalId),
            },
          })
        : jsonExport(
            patient,
            events,
            clinical,
            await patientHistory(platform.db, hospitalId, request.params.id),
            now,
            hospital.timeZone,
          );
      return (
        reply
          .header('content-type', fhir ? 'application/fhir+json; charset=utf-8' : 'application/json; charset=utf-8')
          .header(
            'content-disposition',
            `attachment; filename="patient-${request.params.id}.${fhir ? 'fhir' : 'export'}.json"`,
          )
          .header('cache-control', 'no-store')
          // Sent as text, as built: the response schema documents it and never reshapes it.
          .send(JSON.stringify(body) as never)
      );
    },
  );

  /** The events of the patient's consultations and lab requests, as the store holds them (the trail caught up). */
  async function clinicalEventsOf(hospitalId: string, patientId: string) {
    await trailCaughtUp(platform);
    const streams = await clinicalStreamsOf(platform.db, hospitalId, patientId);
    return (await Promise.all(streams.map((s) => platform.store.readStream(s)))).flat();
  }
}
