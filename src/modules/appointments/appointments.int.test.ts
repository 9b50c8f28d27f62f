import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { patientsApi, startPatientsSuite, type PatientsSuite } from '../../../test/helpers/patients-api';
import { bookingClock, lagosQuarter, toBookableQuarter } from '../../../test/helpers/booking-clock';
import { hireAndSignIn } from '../../../test/helpers/staff-api';
import { addDays, wallClock } from './slot-time';

const LAGOS = 'Africa/Lagos';
/** The book's clock: it runs from just after a quarter hour started, so the next one is bookable today. */
const clock = bookingClock();
const lagosNow = () => wallClock(clock(), LAGOS);
const tomorrow = () => addDays(lagosNow().date, 1);

describe('appointments', () => {
  let s: PatientsSuite;
  let doctor: { id: string; token: string };
  let otherDoctor: { id: string; token: string };
  const api = patientsApi(() => s.t);
  const book = (token: string, body: object) => api.call(token, 'POST', '/api/appointments', body);

  beforeAll(async () => {
    s = await startPatientsSuite(['doctor', 'nurse', 'receptionist', 'pharmacist'], { appointmentsClock: clock });
    const d = await hireAndSignIn(s.t, s.a.token, 'doctor');
    doctor = { id: d.id, token: d.token };
    const od = await hireAndSignIn(s.t, s.b.token, 'doctor');
    otherDoctor = { id: od.id, token: od.token };
  });
  afterAll(async () => s?.t.close());

  const booked = async (overrides: object = {}) => {
    const patient = await api.registered(s.tokens.receptionist);
    const res = await book(s.tokens.receptionist, {
      patientId: patient.id,
      doctorId: doctor.id,
      date: tomorrow(),
      time: '10:00',
      reason: 'Follow-up of hypertension',
      ...overrides,
    });
    return { patient, res };
  };

  it('books a patient with a doctor for a slot, 15 minutes by default', async () => {
    const { patient, res } = await booked({ time: '08:00' });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({
      success: true,
      message: 'Appointment booked successfully!',
      data: {
        appointment: {
          patientId: patient.id,
          doctor: { id: doctor.id },
          date: tomorrow(),
          time: '08:00',
          durationMinutes: 15,
          status: 'booked',
          version: 1,
        },
      },
    });
    // 08:00 in Lagos (UTC+1) is 07:00 UTC.
    expect(res.json().data.appointment.startsAt).toBe(`${tomorrow()}T07:00:00.000Z`);
    const day = await api.call(s.tokens.nurse, 'GET', `/api/appointments?date=${tomorrow()}&doctorId=${doctor.id}`);
    expect(day.statusCode).toBe(200);
    expect(day.json().data.appointments.map((a: { id: string }) => a.id)).toContain(res.json().data.appointment.id);
  });

  it('refuses a slot the doctor already has, and one that overlaps it, with 409', async () => {
    await booked({ time: '11:00', durationMinutes: 30 });
    const same = await booked({ time: '11:00' });
    expect(same.res.statusCode).toBe(409);
    expect(same.res.json()).toMatchObject({
      success: false,
      message: expect.stringContaining('already has an appointment'),
    });
    const overlapping = await booked({ time: '11:15' });
    expect(overlapping.res.statusCode).toBe(409);
    expect((await booked({ time: '11:30' })).res.statusCode).toBe(201);
  });

  it('of two desks booking the same slot at the same instant, one gets 201 and the other 409', async () => {
    const [p1, p2] = await Promise.all([api.registered(s.tokens.receptionist), api.registered(s.tokens.receptionist)]);
    const body = { doctorId: doctor.id, date: tomorrow(), time: '14:45', reason: 'Review' };
    const answers = await Promise.all([
      book(s.tokens.receptionist, { ...body, patientId: p1.id }),
      book(s.tokens.nurse, { ...body, patientId: p2.id }),
    ]);
    expect(answers.map((r) => r.statusCode).sort()).toEqual([201, 409]);
    const day = await api.call(
      s.tokens.receptionist,
      'GET',
      `/api/appointments?date=${tomorrow()}&doctorId=${doctor.id}`,
    );
    const at1445 = day.json().data.appointments.filter((a: { time: string; status: string }) => a.time === '14:45');
    expect(at1445).toHaveLength(1);
  });

  it('answers bad input with 400 in the envelope, with the field', async () => {
    const patient = await api.registered(s.tokens.receptionist);
    const base = { patientId: patient.id, doctorId: doctor.id, date: tomorrow(), time: '10:00', reason: 'x' };
    const cases: [object, string][] = [
      [{ ...base, time: '10:10' }, 'quarter hour'],
      [{ ...base, date: '2026-02-30' }, 'valid date'],
      [{ ...base, reason: '  ' }, 'reason for the appointment'],
      [{ ...base, durationMinutes: 20 }, 'Duration must be'],
      [{ ...base, time: '07:45' }, 'Appointments must be within opening hours (08:00–18:00)'],
      [{ ...base, date: addDays(lagosNow().date, -1) }, 'cannot be booked in the past: it is now '],
    ];
    for (const [body, message] of cases) {
      const res = await book(s.tokens.receptionist, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      // Schema errors name the field in `errors`; a broken booking rule says it in `message` too.
      expect(res.json()).toMatchObject({ success: false, errors: [{ message: expect.stringContaining(message) }] });
    }
  });

  it('lets only the desk and clinical roles book; another hospital sees nothing (404)', async () => {
    const { res } = await booked({ time: '15:00' });
    const id = res.json().data.appointment.id;
    expect((await booked({ time: '15:15' })).res.statusCode).toBe(201);
    const patient = await api.registered(s.tokens.receptionist);
    const denied = await book(s.tokens.pharmacist, {
      patientId: patient.id,
      date: tomorrow(),
      time: '16:00',
      reason: 'x',
    });
    expect(denied.statusCode).toBe(403);
    expect((await api.call(s.otherReceptionist, 'GET', `/api/appointments/${id}`)).statusCode).toBe(404);
    const cancel = await api.call(s.otherReceptionist, 'POST', `/api/appointments/${id}/cancel`, { reason: 'x' });
    expect(cancel.statusCode).toBe(404);
    // Another hospital's patient or doctor: 404, never booked.
    const theirs = await book(s.otherReceptionist, {
      patientId: patient.id,
      date: tomorrow(),
      time: '16:00',
      reason: 'x',
    });
    expect(theirs.statusCode).toBe(404);
    const wrongDoctor = await book(s.tokens.receptionist, {
      patientId: patient.id,
      doctorId: otherDoctor.id,
      date: tomorrow(),
      time: '16:00',
      reason: 'x',
    });
    expect(wrongDoctor.statusCode).toBe(404);
  });

  it('reschedules (freeing the old slot) and refuses a stale version with 409', async () => {
    const { res } = await booked({ time: '12:00' });
    const a = res.json().data.appointment;
    const moved = await api.call(s.tokens.receptionist, 'PUT', `/api/appointments/${a.id}`, {
      date: tomorrow(),
      time: '12:30',
      doctorId: doctor.id,
      version: a.version,
    });
    expect(moved.statusCode).toBe(200);
    expect(moved.json().data.appointment).toMatchObject({ time: '12:30', version: 2 });
    const stale = await api.call(s.tokens.receptionist, 'POST', `/api/appointments/${a.id}/cancel`, {
      reason: 'Patient travelling',
      version: a.version,
    });
    expect(stale.statusCode).toBe(409);
    expect(stale.json()).toMatchObject({ success: false, message: expect.stringContaining('changed by someone else') });
    expect((await booked({ time: '12:00' })).res.statusCode).toBe(201);
  });

  it('cancels with a reason and frees the slot; a cancelled appointment cannot be checked in', async () => {
    const { res } = await booked({ time: '13:00' });
    const a = res.json().data.appointment;
    const noReason = await api.call(s.tokens.receptionist, 'POST', `/api/appointments/${a.id}/cancel`, {});
    expect(noReason.statusCode).toBe(400);
    const cancelled = await api.call(s.tokens.receptionist, 'POST', `/api/appointments/${a.id}/cancel`, {
      reason: 'Patient travelling',
    });
    expect(cancelled.json().data.appointment).toMatchObject({
      status: 'cancelled',
      cancelReason: 'Patient travelling',
    });
    expect((await booked({ time: '13:00' })).res.statusCode).toBe(201);
    const late = await api.call(s.tokens.receptionist, 'POST', `/api/appointments/${a.id}/check-in`);
    expect(late.statusCode).toBe(409);
  });

  it('checks in on the day: the patient is Waiting, and the consultation links to the appointment', async () => {
    const opened = await api.call(s.a.token, 'PUT', '/api/hospital/settings', { opensAt: '00:00', closesAt: '24:00' });
    expect(opened.statusCode).toBe(200);
    const notTomorrow = (await booked({ time: '09:00' })).res.json().data.appointment;
    const early = await api.call(s.tokens.receptionist, 'POST', `/api/appointments/${notTomorrow.id}/check-in`);
    expect(early.statusCode).toBe(409);

    // The next quarter hour is today's (the hospital opens round the clock here).
    toBookableQuarter(clock);
    const { patient, res } = await booked(lagosQuarter(clock()));
    expect(res.statusCode).toBe(201);
    const a = res.json().data.appointment;
    await api.status(s.tokens.nurse, patient.id, { status: 'seen' });
    const checkedIn = await api.call(s.tokens.receptionist, 'POST', `/api/appointments/${a.id}/check-in`, {
      version: 1,
    });
    expect(checkedIn.statusCode).toBe(200);
    expect(checkedIn.json().data.appointment).toMatchObject({ status: 'checked in' });
    expect((await api.get(s.tokens.doctor, patient.id)).json().data.status).toBe('waiting');

    const consult = await api.call(doctor.token, 'POST', '/api/consultations/create', {
      patientId: patient.id,
      chiefComplaint: 'Headache',
      primaryDiagnosis: 'Tension headache',
    });
    expect(consult.statusCode).toBe(201);
    const consultationId = consult.json().data.consultation.id;
    await expect
      .poll(async () => (await api.call(doctor.token, 'GET', `/api/appointments/${a.id}`)).json().data.appointment)
      .toMatchObject({ status: 'attended', consultationId });
    const counts = await api.call(s.a.token, 'GET', '/api/appointments/stats');
    expect(counts.json().data).toMatchObject({ checkedIn: expect.any(Number), noShows: 0 });
    expect(counts.json().data.checkedIn).toBeGreaterThanOrEqual(1);
  });

  it('puts every change in the audit trail and the patient history, and the FHIR export', async () => {
    const { patient, res } = await booked({ time: '17:00' });
    const a = res.json().data.appointment;
    await api.call(s.tokens.receptionist, 'POST', `/api/appointments/${a.id}/cancel`, { reason: 'Clash' });
    await expect
      .poll(async () => {
        const h = await api.call(s.a.token, 'GET', `/api/patients/${patient.id}/history`);
        return (h.json().data.entries ?? h.json().data.history ?? []).map((e: { action: string }) => e.action);
      })
      .toEqual(
        expect.arrayContaining([
          expect.stringMatching(/^Booked an appointment for .* on .* 17:00 with Dr\. .*: Follow-up of hypertension$/),
          expect.stringMatching(/^Cancelled .*'s appointment on .* 17:00: Clash$/),
        ]),
      );
    const fhir = await api.call(s.a.token, 'GET', `/api/patients/${patient.id}/export?format=fhir`);
    const appointments = fhir
      .json()
      .entry.map((e: { resource: { resourceType: string } }) => e.resource)
      .filter((r: { resourceType: string }) => r.resourceType === 'Appointment');
    expect(appointments).toEqual([
      expect.objectContaining({
        id: a.id,
        status: 'cancelled',
        minutesDuration: 15,
        cancelationReason: { text: 'Clash' },
      }),
    ]);
  });
});
