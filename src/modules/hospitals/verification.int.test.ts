import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../../test/helpers/app';
import { MINUTE, testClock } from '../../../test/helpers/clock';
import { randomIp, registrationInput } from '../../../test/helpers/onboard';
import { browserPerEmail } from '../../../test/helpers/registrants';
import { readOutbox, readVerificationCode } from '../../../test/helpers/outbox';
import { createLogger } from '../../platform/logger';
import type { MailMessage, Mailer } from '../../platform/mail/mailer';
import { NodemailerMailer } from '../../platform/mail/nodemailer-mailer';
import { createIdentityModule } from '../identity';
import { createHospitalsModule } from '.';
import { HOSPITAL_CODE_PATTERN } from './verification-code';

const REGISTER = '/api/hospital/register-with-verification';
const VERIFY = '/api/hospital/verify-email';
const RESEND = '/api/hospital/resend-verification';

/** The real outbox mailer, with a switch that makes the mail server refuse (an outage). */
class SwitchableMailer implements Mailer {
  inner: Mailer | undefined;
  down = false;
  async send(message: MailMessage) {
    if (this.down) throw new Error('SMTP 421 service not available');
    await this.inner!.send(message);
  }
}

describe('email verification', () => {
  let t: TestApp;
  const clock = testClock();
  const mailer = new SwitchableMailer();
  const outbox = () => path.join(t.dataDir, 'outbox');
  const post = browserPerEmail(() => t.app);

  async function register() {
    const input = registrationInput();
    expect((await post(REGISTER, input)).statusCode).toBe(200);
    return { input, email: input.adminData.email, code: await readVerificationCode(outbox(), input.adminData.email) };
  }
  const wrong = (code: string) => String((Number(code) + 1) % 1_000_000).padStart(6, '0');

  async function typesOf(streamPrefix: string) {
    const { rows } = await t.platform.pool.query<{ type: string }>(
      'select type from events where stream_id like $1 order by position',
      [`${streamPrefix}%`],
    );
    return rows.map((r) => r.type);
  }

  beforeAll(async () => {
    t = await startTestApp({ modules: [createIdentityModule({ clock }), createHospitalsModule({ clock })], mailer });
    mailer.inner = new NodemailerMailer(
      { from: 'HMS <no-reply@hms.local>', outboxDir: outbox() },
      createLogger('silent'),
    );
  });
  afterAll(async () => t?.close());

  it('creates the hospital with a real Hospital ID, the admin and a working session', async () => {
    const { input, email, code } = await register();
    const res = await post(VERIFY, { email, token: code });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.success).toBe(true);
    expect(body.message).toBe('Email verified successfully!');
    expect(body.admin).toEqual({ id: expect.any(String), name: 'Ada Okafor', email, jobTitle: 'Medical Director' });
    expect(body.hospital).toEqual({
      id: expect.any(String),
      hospitalId: expect.stringMatching(HOSPITAL_CODE_PATTERN),
      name: input.hospitalData.name,
      status: 'active',
      setupStatus: 'incomplete',
    });
    expect(body.data).toEqual({ token: body.token, admin: body.admin, hospital: body.hospital });

    const profile = await t.app.inject({
      method: 'GET',
      url: '/api/admin/profile',
      headers: { authorization: `Bearer ${body.token}` },
    });
    expect(profile.statusCode).toBe(200);
    expect(profile.json().data.admin).toMatchObject({ id: body.admin.id, email, hospital: { id: body.hospital.id } });

    expect(await typesOf(`registration-`)).toContain('EmailVerified');
    expect(await typesOf(`hospital-${body.hospital.id}`)).toEqual(['HospitalRegistered']);
    expect(await typesOf(`account-${body.admin.id}`)).toEqual(['AccountCredentialsStaged', 'AccountProvisioned']);
    const { rows } = await t.platform.pool.query<{ metadata: { actor: { userId: string }; hospitalId: string } }>(
      `select metadata from events where stream_id like 'session-%' and data->>'userId' = $1`,
      [body.admin.id],
    );
    expect(rows).toHaveLength(1);
    expect(rows[0]!.metadata).toMatchObject({ hospitalId: body.hospital.id, actor: { userId: body.admin.id } });
  });

  it('refuses a wrong code and counts the attempt', async () => {
    const { email, code } = await register();
    const failures = async () => (await typesOf('registration-')).filter((x) => x === 'VerificationFailed').length;
    const before = await failures();
    const res = await post(VERIFY, { email, token: wrong(code) });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('Invalid verification code. Please try again');
    expect(await failures()).toBe(before + 1);
  });

  it('answers an unknown email as a wrong code', async () => {
    const res = await post(VERIFY, { email: 'nobody@nowhere.test', token: '123456' });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('Invalid verification code. Please try again');
  });

  it('refuses a code that is not six digits', async () => {
    const res = await post(VERIFY, { email: 'ada@stluke.test', token: '12a45' });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('Please enter a valid 6-digit verification code');
    expect(res.json().errors).toEqual([{ field: 'token', message: 'Please enter a valid 6-digit verification code' }]);
  });

  it('refuses even the right code after five wrong tries from its address, until a new code is requested', async () => {
    const { email, code } = await register();
    const ip = randomIp();
    for (let i = 0; i < 5; i++) {
      const res = await post(VERIFY, { email, token: wrong(code) }, ip);
      expect(res.json().message).toBe('Invalid verification code. Please try again');
    }
    const blocked = await post(VERIFY, { email, token: code }, ip);
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json().message).toBe('Too many verification attempts. Please request a new code');

    clock.advance(MINUTE);
    expect((await post(RESEND, { email })).statusCode).toBe(200);
    const fresh = await readVerificationCode(outbox(), email);
    expect((await post(VERIFY, { email, token: fresh })).statusCode).toBe(200);
  });

  it('refuses a code after its 15 minutes', async () => {
    const { email, code } = await register();
    clock.advance(15 * MINUTE);
    const res = await post(VERIFY, { email, token: code });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('Verification code has expired. Please request a new one');
  });

  it('refuses a code used already', async () => {
    const { email, code } = await register();
    expect((await post(VERIFY, { email, token: code })).statusCode).toBe(200);
    const again = await post(VERIFY, { email, token: code });
    expect(again.statusCode).toBe(400);
    expect(again.json().message).toBe('This verification code has already been used');
  });

  it('creates one hospital when the same right code arrives twice at once', async () => {
    const { email, code } = await register();
    const answers = await Promise.all([post(VERIFY, { email, token: code }), post(VERIFY, { email, token: code })]);
    const statuses = answers.map((a) => a.statusCode).sort();
    expect(statuses[0]).toBe(200);
    expect([200, 400]).toContain(statuses[1]);
    const hospitalId = answers.find((a) => a.statusCode === 200)!.json().hospital.id;
    expect(await typesOf(`hospital-${hospitalId}`)).toEqual(['HospitalRegistered']);
  });

  describe('resend', () => {
    it('allows one code a minute (429 with the wait), then voids the old code', async () => {
      const { email, code } = await register();
      const tooSoon = await post(RESEND, { email });
      expect(tooSoon.statusCode).toBe(429);
      expect(tooSoon.json().message).toBe('Please wait 60 seconds before requesting a new code');
      expect(tooSoon.headers['retry-after']).toBe('60');

      clock.advance(MINUTE);
      const ok = await post(RESEND, { email });
      expect(ok.statusCode).toBe(200);
      expect(ok.json()).toEqual({ success: true, message: 'Verification code sent to your email!' });
      const mails = await readOutbox(outbox(), email);
      expect(mails).toHaveLength(2);
      const fresh = await readVerificationCode(outbox(), email);
      expect((await post(RESEND, { email })).statusCode).toBe(429);

      if (fresh !== code) {
        const old = await post(VERIFY, { email, token: code });
        expect(old.json().message).toBe('Invalid verification code. Please try again');
      }
      expect((await post(VERIFY, { email, token: fresh })).statusCode).toBe(200);
      expect(await typesOf('registration-')).toContain('VerificationCodeVoided');
    });

    it('answers an email with nothing pending like any other, without sending mail', async () => {
      const res = await post(RESEND, { email: 'stranger@nowhere.test' });
      expect(res.statusCode).toBe(200);
      expect(res.json().message).toBe('Verification code sent to your email!');
      expect(await readOutbox(outbox(), 'stranger@nowhere.test')).toEqual([]);
    });

    it('answers 503 when the mail server is down, and the old code keeps working', async () => {
      const { email, code } = await register();
      clock.advance(MINUTE);
      mailer.down = true;
      try {
        const res = await post(RESEND, { email });
        expect(res.statusCode).toBe(503);
        expect(res.json().message).toBe('Unable to send verification email. Please try again later');
      } finally {
        mailer.down = false;
      }
      expect((await post(VERIFY, { email, token: code })).statusCode).toBe(200);
    });

    it('limits resends per address with a clear 429', async () => {
      const ip = randomIp();
      const answers = [];
      for (let i = 0; i < 11; i++) answers.push(await post(RESEND, { email: `x${i}@nowhere.test` }, ip));
      expect(answers.slice(0, 10).every((a) => a.statusCode === 200)).toBe(true);
      expect(answers[10]!.statusCode).toBe(429);
      expect(answers[10]!.json().message).toMatch(/^Too many requests\. Please wait \d+ seconds and try again\.$/);
    });
  });

  describe('GET /api/hospitals/:id', () => {
    it("returns the caller's own hospital and answers any other as not found", async () => {
      const a = await register();
      const b = await register();
      const va = (await post(VERIFY, { email: a.email, token: a.code })).json();
      const vb = (await post(VERIFY, { email: b.email, token: b.code })).json();
      const get = (id: string, token: string) =>
        t.app.inject({ method: 'GET', url: `/api/hospitals/${id}`, headers: { authorization: `Bearer ${token}` } });

      const own = await get(va.hospital.id, va.token);
      expect(own.statusCode).toBe(200);
      expect(own.json().data.hospital).toEqual({ ...va.hospital, plan: 'clinic' });
      const other = await get(vb.hospital.id, va.token);
      expect(other.statusCode).toBe(404);
      expect(other.json()).toEqual({ success: false, message: 'Hospital not found' });
      expect((await t.app.inject({ method: 'GET', url: `/api/hospitals/${va.hospital.id}` })).statusCode).toBe(401);
    });
  });
});
