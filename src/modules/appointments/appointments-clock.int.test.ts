import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../../test/helpers/app';
import { withAppointmentsClock } from '../../../test/helpers/booking-clock';
import { testClock } from '../../../test/helpers/clock';
import { onboardHospital } from '../../../test/helpers/onboard';
import { patientsApi } from '../../../test/helpers/patients-api';
import { hireAndSignIn } from '../../../test/helpers/staff-api';
import { addDays, instantOf } from './slot-time';

/**
 * The book reckons by its clock, not the wall clock: a slot already past, the check-in day and
 * "today" all follow the clock it was given (what lets the browser flows book without waiting).
 */
const LAGOS = 'Africa/Lagos';
const DAY = '2030-03-04';
const clock = testClock(instantOf(DAY, '10:05', LAGOS));

describe("the appointment book's clock", () => {
  let t: TestApp;
  let desk: string;
  let doctorId: string;
  const api = patientsApi(() => t);
  const book = async (date: string, time: string) => {
    const patient = await api.registered(desk);
    return api.call(desk, 'POST', '/api/appointments', {
      patientId: patient.id,
      doctorId,
      date,
      time,
      reason: 'Review',
    });
  };

  beforeAll(async () => {
    t = await startTestApp({ modules: withAppointmentsClock(clock) });
    const admin = await onboardHospital(t);
    desk = (await hireAndSignIn(t, admin.token, 'receptionist')).token;
    doctorId = (await hireAndSignIn(t, admin.token, 'doctor')).id;
  });
  afterAll(async () => t?.close());

  it('refuses the quarter hour under way by the clock, saying its time, and books the next one', async () => {
    const under = await book(DAY, '10:00');
    expect(under.statusCode).toBe(400);
    expect(under.json().message).toBe(
      'Appointments cannot be booked in the past: it is now 4 Mar 2030, 10:05 at the hospital. Please choose a later time.',
    );
    expect((await book(DAY, '10:15')).statusCode).toBe(201);
  });

  it("checks in on the clock's day and shows its day by default", async () => {
    clock.set(instantOf(DAY, '10:05', LAGOS));
    const booked = (await book(DAY, '11:00')).json().data.appointment as { id: string };
    const day = await api.call(desk, 'GET', '/api/appointments');
    expect(day.json().data.date).toBe(DAY);
    expect(day.json().data.appointments.map((a: { id: string }) => a.id)).toContain(booked.id);

    clock.set(instantOf(addDays(DAY, 1), '09:00', LAGOS));
    const late = await api.call(desk, 'POST', `/api/appointments/${booked.id}/check-in`);
    expect(late.statusCode).toBe(409);
    clock.set(instantOf(DAY, '10:30', LAGOS));
    const onTheDay = await api.call(desk, 'POST', `/api/appointments/${booked.id}/check-in`);
    expect(onTheDay.statusCode, onTheDay.body).toBe(200);
    expect(onTheDay.json().data.appointment.status).toBe('checked in');
  });
});
