import { randomUUID } from 'node:crypto';
import { z } from 'zod';
import { reserveUnique } from '../../platform/event-store/unique-reservation';
import { ok, success } from '../../platform/http/envelope';
import { Conflict, NotFound } from '../../platform/http/errors';
import type { HttpApp, Platform } from '../../platform/platform';
import { hospitalDate } from './clinic-time';
import { patientDecider } from './decider';
import { patientStream } from './patient';
import { findPatient, listPatients, patientFromEvent, patientStats } from './read-models/patients-list';
import { listPatientsQuery, patientDetail, patientIdParams, patientListItem, registerPatientBody } from './schemas';

/** Identification numbers are unique per hospital: the reserved value carries the hospital. */
export const PATIENT_ID_SCOPE = 'patient-id';
const VIEW_ROLES = ['admin', 'doctor', 'nurse', 'receptionist'] as const;
const REGISTER_ROLES = ['admin', 'receptionist'] as const;

export function patientRoutes(app: HttpApp, platform: Platform) {
  const canView = platform.auth(VIEW_ROLES, 'Access denied. You do not have permission to view patients.');
  const canRegister = platform.auth(REGISTER_ROLES, 'Access denied. You do not have permission to register patients.');
  const security = [{ bearer: [] }];
  const tags = ['Patients'];

  app.post(
    '/patients',
    {
      onRequest: canRegister,
      schema: {
        tags,
        security,
        summary: 'Register a patient',
        body: registerPatientBody,
        response: { 201: ok(z.object({ patient: patientDetail })) },
      },
    },
    async (request, reply) => {
      const metadata = platform.metadataFor(request);
      const hospitalId = metadata.hospitalId;
      const patientId = randomUUID();
      const details = request.body;
      const today = hospitalDate(new Date(metadata.occurredAt));
      const { value: registered } = await platform.transact(metadata, async (uow) => {
        await reserveUnique(
          uow,
          {
            scope: PATIENT_ID_SCOPE,
            value: `${hospitalId}:${details.identificationNumber}`,
            ownerId: patientId,
            ownerStream: patientStream(patientId),
          },
          () => new Conflict('A patient with this identification number already exists'),
        );
        const patient = await uow.load(patientDecider, patientStream(patientId), { isNew: true });
        const [event] = uow.decide(patient, { type: 'RegisterPatient', patientId, hospitalId, today, details });
        return event!;
      });
      const patient = patientFromEvent(registered, metadata.occurredAt, new Date());
      return reply.code(201).send(success({ patient }, 'Patient registered successfully!'));
    },
  );

  app.get(
    '/patients',
    {
      onRequest: canView,
      schema: {
        tags,
        security,
        summary: "List the hospital's patients",
        querystring: listPatientsQuery,
        response: {
          200: ok(
            z.object({
              patients: z.array(patientListItem),
              pagination: z.object({
                page: z.number(),
                limit: z.number(),
                totalPages: z.number(),
                totalPatients: z.number(),
              }),
            }),
          ),
        },
      },
    },
    async (request) => {
      const q = request.query;
      const { patients, total } = await listPatients(
        platform.db,
        request.auth!.hospitalId,
        { page: q.page, limit: q.limit, search: q.search, status: q.status, countOnly: q.count_only },
        new Date(),
      );
      return success({
        patients,
        pagination: { page: q.page, limit: q.limit, totalPages: Math.ceil(total / q.limit), totalPatients: total },
      });
    },
  );

  app.get(
    '/patients/stats',
    {
      onRequest: canView,
      schema: {
        tags,
        security,
        summary: 'Patient counts by status and registered today (Africa/Lagos)',
        response: {
          200: ok(
            z.object({
              totalPatients: z.number(),
              byStatus: z.record(z.string(), z.number()),
              registeredToday: z.number(),
            }),
          ),
        },
      },
    },
    async (request) => success(await patientStats(platform.db, request.auth!.hospitalId, new Date())),
  );

  app.get(
    '/patients/:id',
    { onRequest: canView, schema: { tags, security, params: patientIdParams, response: { 200: ok(patientDetail) } } },
    async (request) => {
      const patient = await findPatient(platform.db, request.auth!.hospitalId, request.params.id, new Date());
      if (!patient) throw new NotFound('Patient not found');
      return success(patient);
    },
  );
}
