import { titledName } from '../../shared/person-names';
import { listRead, patientIdsIn } from '../../platform/http/access-trail';
import { offlineHeaders } from '../../platform/http/device-headers';
import { success } from '../../platform/http/envelope';
import { NotFound } from '../../platform/http/errors';
import type { HttpApp, Platform } from '../../platform/platform';
import { findSettings } from '../hospitals';
import { listStaff } from '../staff';
import { bookAppointment, cancelAppointment, checkInAppointment, rescheduleAppointment } from './commands';
import { AppointmentNotFound } from './errors';
import { APPOINTMENT_CHECK_IN } from './reactors/check-in';
import { appointmentCounts, appointmentsOn, findAppointment } from './read-models/appointments';
import {
  appointmentCountsEndpoint,
  appointmentDayEndpoint,
  appointmentDoctorsEndpoint,
  appointmentEndpoint,
  bookAppointmentEndpoint,
  cancelAppointmentEndpoint,
  checkInAppointmentEndpoint,
  rescheduleAppointmentEndpoint,
} from '../../shared/api/appointments';
import { wallClock } from './slot-time';

/** The front desk books and checks in; the nurse and doctor book too; the admin oversees (issue 24). */
const VIEW_ROLES = ['admin', 'receptionist', 'nurse', 'doctor'] as const;
const BOOK_ROLES = ['admin', 'receptionist', 'nurse', 'doctor'] as const;
const DESK_ROLES = ['admin', 'receptionist', 'nurse'] as const;
const denied = (what: string) => `Access denied. You do not have permission to ${what}.`;

export function appointmentRoutes(app: HttpApp, platform: Platform, clock: () => Date) {
  const canView = platform.auth(VIEW_ROLES, denied('view appointments'));
  const canBook = platform.auth(BOOK_ROLES, denied('book appointments'));
  const canCheckIn = platform.auth(DESK_ROLES, denied('check in appointments'));
  const security = [{ bearer: [] }];
  const tags = ['Appointments'];
  // Module access (src/platform/http/module-access.ts): the book is Patient Management's, whose default
  // roles are the desk's, the nurse's and the doctor's; the hospital's matrix may take it away.
  const change = {
    config: {
      accessModule: 'patients',
      audit: { subject: 'appointment', idParam: 'id', what: 'appointment', reads: false },
    },
  };

  // Every change is reckoned by the book's clock (a test's clock, or the wall clock): `now` for the
  // past-slot rule and the check-in day come in on the metadata, as identity's account routes do.
  const metadataFor = (request: Parameters<Platform['metadataFor']>[0]) => ({
    ...platform.metadataFor(request),
    occurredAt: clock().toISOString(),
  });

  const hospitalOf = async (hospitalId: string) => {
    const settings = await findSettings(platform.db, hospitalId);
    if (!settings) throw new NotFound('Hospital not found');
    return settings;
  };

  app.get(
    appointmentDayEndpoint.path,
    {
      config: { accessModule: 'patients', audit: listRead('appointment', 'day') },
      onRequest: canView,
      schema: {
        tags,
        security,
        summary: "A day of the book (the hospital's today by default), by start time; `doctorId` for one doctor",
        querystring: appointmentDayEndpoint.query,
        response: { 200: appointmentDayEndpoint.response },
      },
    },
    async (request) => {
      const hospitalId = request.auth!.hospitalId;
      const s = await hospitalOf(hospitalId);
      const date = request.query.date ?? wallClock(clock(), s.timeZone).date;
      const appointments = await appointmentsOn(platform.db, hospitalId, date, request.query.doctorId);
      return success({ date, timeZone: s.timeZone, opensAt: s.opensAt, closesAt: s.closesAt, appointments });
    },
  );

  app.get(
    appointmentDoctorsEndpoint.path,
    {
      config: { accessModule: 'patients' },
      onRequest: canView,
      schema: {
        tags,
        security,
        summary: 'The active doctors an appointment can be booked with',
        response: { 200: appointmentDoctorsEndpoint.response },
      },
    },
    async (request) => {
      const q = { page: 1, limit: 500, role: 'doctor' as const, status: 'active' as const };
      const { users } = await listStaff(platform.db, request.auth!.hospitalId, q);
      const doctors = users
        .map((u) => ({ id: u.id, name: titledName('Dr.', u.firstName, u.lastName) }))
        .sort((a, b) => a.name.localeCompare(b.name));
      return success({ doctors });
    },
  );

  app.get(
    appointmentCountsEndpoint.path,
    {
      config: { accessModule: 'patients' },
      onRequest: canView,
      schema: {
        tags,
        security,
        summary: "The day's appointments by status (today by default): the admin dashboard's count and no-shows",
        querystring: appointmentCountsEndpoint.query,
        response: { 200: appointmentCountsEndpoint.response },
      },
    },
    async (request) => {
      const hospitalId = request.auth!.hospitalId;
      const date = request.query.date ?? wallClock(clock(), (await hospitalOf(hospitalId)).timeZone).date;
      return success(await appointmentCounts(platform.db, hospitalId, date));
    },
  );

  app.get(
    appointmentEndpoint.path,
    {
      // The appointment names its patient: the read is recorded with that patient's id.
      config: {
        accessModule: 'patients',
        audit: { subject: 'appointment', idParam: 'id', what: 'appointment', patientIds: patientIdsIn },
      },
      onRequest: canView,
      schema: {
        tags,
        security,
        summary: 'One appointment',
        params: appointmentEndpoint.params,
        response: { 200: appointmentEndpoint.response },
      },
    },
    async (request) => {
      const appointment = await findAppointment(platform.db, request.auth!.hospitalId, request.params.id);
      if (!appointment) throw new AppointmentNotFound();
      return success({ appointment });
    },
  );

  app.post(
    bookAppointmentEndpoint.path,
    {
      config: { ...change.config, idempotent: true },
      onRequest: canBook,
      schema: {
        tags,
        security,
        summary: "Book a patient with a doctor (or none yet) inside opening hours; a doctor's taken slot answers 409",
        headers: offlineHeaders,
        body: bookAppointmentEndpoint.body,
        response: { 201: bookAppointmentEndpoint.response },
      },
    },
    async (request, reply) => {
      const appointment = await bookAppointment(platform, metadataFor(request), request.body);
      return reply.code(201).send(success({ appointment }, 'Appointment booked successfully!'));
    },
  );

  app.put(
    rescheduleAppointmentEndpoint.path,
    {
      ...change,
      onRequest: canBook,
      schema: {
        tags,
        security,
        summary: 'Reschedule: a new date, time, duration or doctor; `version` pins what the client saw',
        params: rescheduleAppointmentEndpoint.params,
        body: rescheduleAppointmentEndpoint.body,
        response: { 200: rescheduleAppointmentEndpoint.response },
      },
    },
    async (request) => {
      const { version, ...slot } = request.body;
      const metadata = metadataFor(request);
      const appointment = await rescheduleAppointment(platform, metadata, request.params.id, slot, version);
      return success({ appointment }, 'Appointment rescheduled');
    },
  );

  app.post(
    cancelAppointmentEndpoint.path,
    {
      ...change,
      onRequest: canBook,
      schema: {
        tags,
        security,
        summary: 'Cancel with a reason; the slot is free again',
        params: cancelAppointmentEndpoint.params,
        body: cancelAppointmentEndpoint.body,
        response: { 200: cancelAppointmentEndpoint.response },
      },
    },
    async (request) => {
      const { reason, version } = request.body;
      const metadata = metadataFor(request);
      const appointment = await cancelAppointment(platform, metadata, request.params.id, reason, version);
      return success({ appointment }, 'Appointment cancelled');
    },
  );

  app.post(
    checkInAppointmentEndpoint.path,
    {
      config: { ...change.config, idempotent: true },
      onRequest: canCheckIn,
      schema: {
        tags,
        security,
        summary: "Check in on the appointment's day: the patient is Waiting when this answers",
        headers: offlineHeaders,
        params: checkInAppointmentEndpoint.params,
        body: checkInAppointmentEndpoint.body,
        response: { 200: checkInAppointmentEndpoint.response },
      },
    },
    async (request) => {
      const metadata = metadataFor(request);
      const appointment = await checkInAppointment(platform, metadata, request.params.id, request.body?.version, {
        waitFor: [APPOINTMENT_CHECK_IN],
      });
      return success({ appointment }, 'Patient checked in');
    },
  );
}
