import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../../test/helpers/app';
import { onboardHospital, type Onboarded } from '../../../test/helpers/onboard';
import { readOutbox } from '../../../test/helpers/outbox';
import {
  bearer,
  hireAndSignIn,
  hireStaff,
  readInvitation,
  staffLogin,
  uniqueEmail,
} from '../../../test/helpers/staff-api';
import { createLogger } from '../../platform/logger';
import { NodemailerMailer } from '../../platform/mail/nodemailer-mailer';
import type { MailMessage, Mailer } from '../../platform/mail/mailer';

describe('staff sign-in follows the account', () => {
  let t: TestApp;
  let a: Onboarded;
  beforeAll(async () => {
    t = await startTestApp();
    a = await onboardHospital(t);
  });
  afterAll(async () => t?.close());

  const put = (id: string, payload: object) =>
    t.app.inject({ method: 'PUT', url: `/api/users/${id}`, headers: bearer(a.token), payload });
  // Any authenticated call shows whether a session is still open.
  const sessionOpen = async (token: string) =>
    (await t.app.inject({ method: 'GET', url: '/api/patients?count_only=true', headers: bearer(token) })).statusCode;

  it('lets a new member sign in at once with the emailed temporary password', async () => {
    const hired = await hireStaff(t, a.token, { role: 'pharmacist', firstName: 'Ifeoma', lastName: 'Chukwu' });
    const res = await staffLogin(t, hired.email, hired.password);
    expect(res.statusCode).toBe(200);
    expect(res.json().data.user).toMatchObject({
      email: hired.email,
      employeeId: hired.employeeId,
      role: 'pharmacist',
    });
  });

  it("refuses sign-in with 'Account disabled' after deactivation, ends open sessions, and allows it again after reactivation", async () => {
    const doctor = await hireAndSignIn(t, a.token, 'doctor');
    expect(await sessionOpen(doctor.token)).toBe(200);

    expect((await put(doctor.id, { isActive: false })).statusCode).toBe(200);
    expect(await sessionOpen(doctor.token)).toBe(401);
    const refused = await staffLogin(t, doctor.email, doctor.password);
    expect(refused.statusCode).toBe(401);
    expect(refused.json().message).toBe('Account disabled');

    expect((await put(doctor.id, { isActive: true })).statusCode).toBe(200);
    expect((await staffLogin(t, doctor.email, doctor.password)).statusCode).toBe(200);
  });

  it('refuses sign-in after deletion and ends open sessions', async () => {
    const nurse = await hireAndSignIn(t, a.token, 'nurse');
    const del = await t.app.inject({ method: 'DELETE', url: `/api/users/${nurse.id}`, headers: bearer(a.token) });
    expect(del.statusCode).toBe(200);
    expect(await sessionOpen(nurse.token)).toBe(401);
    expect((await staffLogin(t, nurse.email, nurse.password)).statusCode).toBe(401);
  });

  it('moves sign-in to the new email after an email change', async () => {
    const hired = await hireStaff(t, a.token, { role: 'receptionist' });
    const newEmail = uniqueEmail('moved');
    expect((await put(hired.id, { email: newEmail })).statusCode).toBe(200);
    expect((await staffLogin(t, newEmail, hired.password)).statusCode).toBe(200);
    expect((await staffLogin(t, hired.email, hired.password)).statusCode).toBe(401);
  });
});

describe('when the invitation cannot be mailed', () => {
  let t: TestApp;
  const mailDown = { value: true };
  beforeAll(async () => {
    // The real outbox mailer, except that one address is unreachable (an SMTP refusal).
    const outbox = { dir: '' };
    const mailer: Mailer = {
      send: async (m: MailMessage) => {
        if (mailDown.value && m.to.startsWith('unreachable')) throw new Error('550 mailbox unavailable');
        await new NodemailerMailer(
          { from: 'HMS <no-reply@hms.local>', outboxDir: outbox.dir },
          createLogger('silent'),
        ).send(m);
      },
    };
    t = await startTestApp({ mailer });
    outbox.dir = path.join(t.dataDir, 'outbox');
  });
  afterAll(async () => t?.close());

  it('still creates the user, tells the admin, and sends the invitation again on request', async () => {
    const a = await onboardHospital(t);
    const email = uniqueEmail('unreachable');
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/users',
      headers: bearer(a.token),
      payload: { firstName: 'Sade', lastName: 'Lawal', email, role: 'nurse' },
    });
    expect(res.statusCode).toBe(201);
    const body = res.json();
    expect(body.message).toBe(
      'User created, but the invitation email could not be sent. Use Resend invitation to try again.',
    );
    expect(body.data).toMatchObject({ invitationSent: false, user: { email, employeeId: 'EMP-0001' } });
    expect(body.data).not.toHaveProperty('temporaryPassword');
    expect(await readOutbox(path.join(t.dataDir, 'outbox'), email)).toEqual([]);
    const account = await t.platform.store.readStream(`account-${body.data.user.id}`);
    expect(account.map((e) => e.type)).toEqual(['AccountProvisioned', 'TemporaryPasswordIssued', 'InvitationFailed']);

    const resend = () =>
      t.app.inject({
        method: 'POST',
        url: `/api/users/${body.data.user.id}/invitation`,
        headers: { ...bearer(a.token), 'content-type': 'application/json' },
      });
    const stillDown = await resend();
    expect(stillDown.statusCode).toBe(503);
    expect(stillDown.json()).toEqual({
      success: false,
      message: 'The invitation email could not be sent. Please try again later.',
    });
    mailDown.value = false;
    const sent = await resend();
    expect(sent.statusCode).toBe(200);
    expect(sent.json()).toEqual({ success: true, message: 'Invitation email sent.' });
    const invitation = await readInvitation(t, email);
    expect((await staffLogin(t, email, invitation.temporaryPassword)).statusCode).toBe(200);
  });
});
