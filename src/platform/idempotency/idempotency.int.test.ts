import { randomUUID } from 'node:crypto';
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  asClient,
  newPatient,
  patientsApi,
  startPatientsSuite,
  type PatientsSuite,
} from '../../../test/helpers/patients-api';
import { bookingClock, lagosQuarter } from '../../../test/helpers/booking-clock';
import { entriesOfRequest } from '../../../test/helpers/request-trail';

/** The book's clock: it runs from just after a quarter hour started, so the next one is bookable today. */
const clock = bookingClock();
const nextQuarter = () => lagosQuarter(clock());

describe('Idempotency-Key on the offline commands (issue 25)', () => {
  let s: PatientsSuite;
  const api = patientsApi(() => s.t);
  const send = (token: string, method: InjectOptions['method'], url: string, payload: object, key?: string) =>
    s.t.app.inject({
      method,
      url,
      headers: { ...asClient(token), ...(key ? { 'idempotency-key': key } : {}) },
      payload,
    });
  const eventsOf = async (stream: string, type: string) =>
    (await s.t.platform.store.readStream(stream)).filter((e) => e.type === type);

  beforeAll(async () => {
    s = await startPatientsSuite(['receptionist', 'nurse'], { appointmentsClock: clock });
    const opened = await api.call(s.a.token, 'PUT', '/api/hospital/settings', { opensAt: '00:00', closesAt: '24:00' });
    expect(opened.statusCode).toBe(200);
  });
  afterAll(async () => s?.t.close());

  /** One case per offline route: how to send it, and the events that must appear exactly once. */
  type Case = {
    method: InjectOptions['method'];
    url: string;
    body: object;
    token: string;
    count: () => Promise<number>;
  };
  const cases: Record<string, () => Promise<Case>> = {
    'register a patient': async () => {
      const id = randomUUID();
      return {
        method: 'POST',
        url: '/api/patients',
        body: { id, ...newPatient() },
        token: s.tokens.receptionist,
        count: async () => (await eventsOf(`patient-${id}`, 'PatientRegistered')).length,
      };
    },
    'record vitals': async () => {
      const p = await api.registered(s.tokens.receptionist);
      return {
        method: 'POST',
        url: `/api/patients/${p.id}/vitals`,
        body: { pulseRate: 72, temperature: 36.8 },
        token: s.tokens.nurse,
        count: async () => (await eventsOf(`patient-${p.id}`, 'VitalsRecorded')).length,
      };
    },
    'change status': async () => {
      const p = await api.registered(s.tokens.receptionist);
      return {
        method: 'PATCH',
        url: `/api/patients/${p.id}/status`,
        body: { status: 'seen', version: p.version },
        token: s.tokens.nurse,
        count: async () => (await eventsOf(`patient-${p.id}`, 'PatientStatusChanged')).length,
      };
    },
    'book an appointment': async () => {
      const p = await api.registered(s.tokens.receptionist);
      const id = randomUUID();
      return {
        method: 'POST',
        url: '/api/appointments',
        // No doctor: the two bookings of this case take the same quarter.
        body: { id, patientId: p.id, ...nextQuarter(), reason: 'Review' },
        token: s.tokens.receptionist,
        count: async () => (await eventsOf(`appointment-${id}`, 'AppointmentBooked')).length,
      };
    },
    'check in an appointment': async () => {
      const p = await api.registered(s.tokens.receptionist);
      const booked = await send(s.tokens.receptionist, 'POST', '/api/appointments', {
        patientId: p.id,
        ...nextQuarter(),
        reason: 'Walk-in review',
      });
      expect(booked.statusCode, booked.body).toBe(201);
      const a = booked.json().data.appointment;
      return {
        method: 'POST',
        url: `/api/appointments/${a.id}/check-in`,
        body: { version: a.version },
        token: s.tokens.receptionist,
        count: async () => (await eventsOf(`appointment-${a.id}`, 'AppointmentCheckedIn')).length,
      };
    },
  };

  for (const [name, make] of Object.entries(cases)) {
    it(`${name}: the same key sent twice, then three at once, counts once with identical answers`, async () => {
      const c = await make();
      const key = randomUUID();
      const first = await send(c.token, c.method, c.url, c.body, key);
      expect(first.statusCode, first.body).toBeLessThan(300);
      const again = await send(c.token, c.method, c.url, c.body, key);
      expect(again.statusCode).toBe(first.statusCode);
      expect(again.json()).toEqual(first.json());
      expect(again.headers['idempotent-replayed']).toBe('true');
      expect(await c.count()).toBe(1);

      const d = await make();
      const burstKey = randomUUID();
      const burst = await Promise.all([1, 2, 3].map(() => send(d.token, d.method, d.url, d.body, burstKey)));
      expect(new Set(burst.map((r) => r.statusCode)).size, burst.map((r) => r.body).join('\n')).toBe(1);
      expect(burst[0]!.statusCode).toBeLessThan(300);
      expect(burst.map((r) => r.json())).toEqual([burst[0]!.json(), burst[0]!.json(), burst[0]!.json()]);
      expect(await d.count()).toBe(1);
    });
  }

  it('refuses the same key with a different body (409) and keeps another hospital’s keys apart', async () => {
    const p = await api.registered(s.tokens.receptionist);
    const key = randomUUID();
    const url = `/api/patients/${p.id}/vitals`;
    expect((await send(s.tokens.nurse, 'POST', url, { pulseRate: 70 }, key)).statusCode).toBe(201);
    const other = await send(s.tokens.nurse, 'POST', url, { pulseRate: 90 }, key);
    expect(other.statusCode).toBe(409);
    expect(other.json()).toMatchObject({
      success: false,
      message: 'This Idempotency-Key was already used for a different request',
    });
    const elsewhere = await send(s.tokens.receptionist, 'POST', '/api/patients', newPatient(), key);
    expect(elsewhere.statusCode).toBe(409);
    expect(await eventsOf(`patient-${p.id}`, 'VitalsRecorded')).toHaveLength(1);

    // Hospital B's desk may use the very same key for its own registration.
    const theirs = await send(s.otherReceptionist, 'POST', '/api/patients', newPatient(), key);
    expect(theirs.statusCode, theirs.body).toBe(201);
    expect(theirs.headers['idempotent-replayed']).toBeUndefined();
  });

  it('registers an offline patient under its client id once; a resend after a lost answer gets the same patient', async () => {
    const id = randomUUID();
    const key = randomUUID();
    const body = { id, ...newPatient() };
    const first = await send(s.tokens.receptionist, 'POST', '/api/patients', body, key);
    expect(first.statusCode, first.body).toBe(201);
    expect(first.json().data.patient.id).toBe(id);
    // The answer never reached the device: it sends the queued command again, same key.
    const resent = await send(s.tokens.receptionist, 'POST', '/api/patients', body, key);
    expect(resent.statusCode).toBe(201);
    expect(resent.json().data.patient).toEqual(first.json().data.patient);
    const listed = await api.list(s.tokens.receptionist, `search=${encodeURIComponent(body.lastName)}`);
    expect(listed.patients.map((x) => x.id)).toEqual([id]);

    // The id with another key (another command) is taken: 409, nothing new.
    const taken = await send(s.tokens.receptionist, 'POST', '/api/patients', { ...newPatient(), id }, randomUUID());
    expect(taken.statusCode).toBe(409);
    const bookedId = randomUUID();
    const b1 = await send(s.tokens.receptionist, 'POST', '/api/appointments', {
      id: bookedId,
      patientId: id,
      ...nextQuarter(),
      reason: 'First visit',
    });
    expect(b1.statusCode, b1.body).toBe(201);
    expect(b1.json().data.appointment.id).toBe(bookedId);
    const b2 = await send(s.tokens.receptionist, 'POST', '/api/appointments', {
      id: bookedId,
      patientId: id,
      ...nextQuarter(),
      reason: 'Another visit',
    });
    expect(b2.statusCode).toBe(409);
    expect(await eventsOf(`patient-${id}`, 'PatientRegistered')).toHaveLength(1);
    expect(await eventsOf(`appointment-${bookedId}`, 'AppointmentBooked')).toHaveLength(1);

    const notUuid = await send(s.tokens.receptionist, 'POST', '/api/patients', { ...newPatient(), id: 'abc' });
    expect(notUuid.statusCode).toBe(400);
  });

  it('records a replayed answer as a read of the patient it shows, in the same hospital only', async () => {
    /** What the request with this (server) id left in the trail: its events, or its read. */
    const eventsOf = (res: { headers: Record<string, unknown> }) =>
      entriesOfRequest(s.t.platform.db, String(res.headers['x-request-id']));
    const id = randomUUID();
    const key = randomUUID();
    const body = { id, ...newPatient() };
    const first = await send(s.tokens.receptionist, 'POST', '/api/patients', body, key);
    expect(first.statusCode, first.body).toBe(201);
    // The registration itself is its events; no read is recorded for it.
    const written = await eventsOf(first);
    expect(written.map((e) => e.type)).toContain('PatientRegistered');
    expect(written.map((e) => e.type)).not.toContain('RecordAccessed');

    const resent = await send(s.tokens.receptionist, 'POST', '/api/patients', body, key);
    expect(resent.headers['idempotent-replayed']).toBe('true');
    expect(resent.json().data.patient.id).toBe(id);
    const trail = await eventsOf(resent);
    expect(trail).toHaveLength(1);
    expect(trail[0]).toMatchObject({
      type: 'RecordAccessed',
      data: {
        subjectType: 'patient',
        subjectId: null,
        what: 'registration',
        method: 'POST',
        route: '/api/patients',
        replayed: true,
        patientIds: [id],
      },
      metadata: { hospitalId: written[0]!.metadata.hospitalId },
    });
    const history = await api.call(s.tokens.admin, 'GET', `/api/patients/${id}/history`);
    expect(history.statusCode, history.body).toBe(200);
    expect(history.json().data.entries.map((e: { action: string }) => e.action)).toContain(
      `Received the registration answer again (a resent request), showing ${body.firstName} ${body.lastName}`,
    );

    // Another hospital's desk sending the same key gets no replay of this one: it registers its own patient.
    const elsewhere = await send(s.otherReceptionist, 'POST', '/api/patients', { ...body, id: randomUUID() }, key);
    expect(elsewhere.statusCode, elsewhere.body).toBe(201);
    expect(elsewhere.headers['idempotent-replayed']).toBeUndefined();
    expect(elsewhere.json().data.patient.id).not.toBe(id);
  });

  it('lets a refused command be sent again with the same key (nothing was committed)', async () => {
    const p = await api.registered(s.tokens.receptionist);
    const key = randomUUID();
    const stale = await send(
      s.tokens.nurse,
      'PATCH',
      `/api/patients/${p.id}/status`,
      { status: 'seen', version: 9 },
      key,
    );
    expect(stale.statusCode).toBe(409);
    const fixed = await send(
      s.tokens.nurse,
      'PATCH',
      `/api/patients/${p.id}/status`,
      { status: 'seen', version: 1 },
      key,
    );
    expect(fixed.statusCode, fixed.body).toBe(200);
  });
});
