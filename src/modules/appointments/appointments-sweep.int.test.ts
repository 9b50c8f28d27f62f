import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../../test/helpers/app';
import { testClock } from '../../../test/helpers/clock';
import { onboardHospital } from '../../../test/helpers/onboard';
import { readOutbox } from '../../../test/helpers/outbox';
import { patientsApi } from '../../../test/helpers/patients-api';
import { hireAndSignIn } from '../../../test/helpers/staff-api';
import { modules } from '../index';
import { createAppointmentsModule, type AppointmentsOptions } from './index';
import { addDays, instantOf, wallClock } from './slot-time';

const LAGOS = 'Africa/Lagos';
const today = () => wallClock(new Date(), LAGOS).date;

/** The whole app, with the appointment book's sweep on a test clock and a short timer. */
async function start(options: AppointmentsOptions, env: Record<string, string> = {}) {
  const book = createAppointmentsModule({ sweepIntervalMs: 50, ...options });
  const t = await startTestApp({ modules: modules.map((m) => (m.name === 'appointments' ? book : m)), env });
  const admin = await onboardHospital(t);
  const doctor = await hireAndSignIn(t, admin.token, 'doctor');
  const desk = (await hireAndSignIn(t, admin.token, 'receptionist')).token;
  const api = patientsApi(() => t);
  const bookTomorrow = async (time: string, contactEmail: string | null) => {
    const patient = await api.registered(desk);
    const res = await api.call(desk, 'POST', '/api/appointments', {
      patientId: patient.id,
      doctorId: doctor.id,
      date: addDays(today(), 1),
      time,
      reason: 'Antenatal review',
      contactEmail,
    });
    if (res.statusCode !== 201) throw new Error(res.body);
    return { patient, appointment: res.json().data.appointment as { id: string } };
  };
  const appointment = async (id: string) =>
    (await api.call(desk, 'GET', `/api/appointments/${id}`)).json().data.appointment as Record<string, unknown>;
  return { t, admin, api, desk, bookTomorrow, appointment };
}

async function smsFiles(t: TestApp) {
  const dir = path.join(t.dataDir, 'outbox');
  const files = (await readdir(dir).catch(() => [] as string[])).filter((f) => f.endsWith('.sms'));
  return Promise.all(files.map((f) => readFile(path.join(dir, f), 'utf8')));
}

describe('the appointment sweep', () => {
  let t: TestApp | undefined;
  afterEach(async () => t?.close());

  it('marks a still-booked appointment a no-show once its day is over, by the injected clock', async () => {
    // The clock stands at today noon: tomorrow's appointment is not over, nor is it reminded twice.
    const clock = testClock(instantOf(today(), '12:00', LAGOS));
    const app = await start({ clock });
    t = app.t;
    const { appointment } = await app.bookTomorrow('09:00', null);
    await new Promise((r) => setTimeout(r, 300));
    expect(await app.appointment(appointment.id)).toMatchObject({ status: 'booked' });

    // The end of tomorrow, Lagos time, has passed.
    clock.set(instantOf(addDays(today(), 2), '00:05', LAGOS));
    await expect.poll(async () => (await app.appointment(appointment.id)).status, { timeout: 5000 }).toBe('no-show');
    const stats = await app.api.call(app.admin.token, 'GET', `/api/appointments/stats?date=${addDays(today(), 1)}`);
    expect(stats.json().data).toMatchObject({ total: 1, noShows: 1 });
  });

  it('sends the reminder the day before, once: an e-mail and an .sms file in the outbox', async () => {
    const clock = testClock(instantOf(today(), '12:00', LAGOS));
    const app = await start({ clock });
    t = app.t;
    const { patient, appointment } = await app.bookTomorrow('10:30', 'ada.obi@example.com');
    await expect
      .poll(async () => (await app.appointment(appointment.id)).remindedAt, { timeout: 5000 })
      .toEqual(expect.any(String));
    const mails = await readOutbox(path.join(app.t.dataDir, 'outbox'), 'ada.obi@example.com');
    expect(mails).toHaveLength(1);
    expect(mails[0]!.subject).toContain('Appointment reminder');
    const texts = await smsFiles(app.t);
    expect(texts).toHaveLength(1);
    expect(texts[0]).toContain(`To: ${patient.phoneNumber}`);
    expect(texts[0]).toMatch(/you have an appointment at .* tomorrow, .* at 10:30 with Dr\. /);
    await new Promise((r) => setTimeout(r, 300));
    expect(await smsFiles(app.t)).toHaveLength(1);
  });

  it('posts the text to the SMS gateway when SMS_URL is set', async () => {
    const posted: { url: string; body: unknown }[] = [];
    const gateway = (async (url: string, init: RequestInit) => {
      posted.push({ url, body: JSON.parse(String(init.body)) });
      return new Response('{}', { status: 202 });
    }) as typeof fetch;
    const clock = testClock(instantOf(today(), '12:00', LAGOS));
    const app = await start({ clock, fetch: gateway }, { SMS_URL: 'https://sms.example.test/send' });
    t = app.t;
    const { patient, appointment } = await app.bookTomorrow('11:00', null);
    await expect
      .poll(async () => (await app.appointment(appointment.id)).remindedAt, { timeout: 5000 })
      .toEqual(expect.any(String));
    expect(posted).toEqual([
      {
        url: 'https://sms.example.test/send',
        body: { to: patient.phoneNumber, text: expect.stringContaining('at 11:00 with Dr. ') },
      },
    ]);
    expect(await smsFiles(app.t)).toHaveLength(0);
  });
});
