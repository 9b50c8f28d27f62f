import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../../test/helpers/app';
import { testClock } from '../../../test/helpers/clock';
import { registrationInput } from '../../../test/helpers/onboard';
import { codeIn, readOutbox, readVerificationCode } from '../../../test/helpers/outbox';
import { browserPerEmail } from '../../../test/helpers/registrants';
import type { Mailer } from '../../platform/mail/mailer';
import { createIdentityModule, WEAK_PASSWORD } from '../identity';
import { createHospitalsModule } from '.';

const REGISTER = '/api/hospital/register-with-verification';
const VERIFY = '/api/hospital/verify-email';

async function eventsOf(t: TestApp, streamPrefix: string) {
  const { rows } = await t.platform.pool.query<{ type: string; data: object; metadata: { actor: { userId: string } } }>(
    `select type, data, metadata from events where stream_id like $1 order by position`,
    [`${streamPrefix}%`],
  );
  return rows;
}

describe('POST /api/hospital/register-with-verification', () => {
  let t: TestApp;
  const clock = testClock();
  const browser = browserPerEmail(() => t.app);
  const post = (url: string, payload: unknown) => browser(url, payload as object);
  const outbox = () => path.join(t.dataDir, 'outbox');

  beforeAll(async () => {
    t = await startTestApp({ modules: [createIdentityModule({ clock }), createHospitalsModule({ clock })] });
  });
  afterAll(async () => t?.close());

  it('emails a 6-digit code and records the registration without the password or the code', async () => {
    const input = registrationInput();
    const res = await post(REGISTER, input);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      success: true,
      message: 'Verification code sent to your email!',
      data: { email: input.adminData.email, expiresInMinutes: 15 },
    });

    const mails = await readOutbox(outbox(), input.adminData.email);
    expect(mails).toHaveLength(1);
    expect(mails[0]!.subject).toBe('Verify your email to finish registering your hospital');
    const code = codeIn(mails[0]!);
    expect(mails[0]!.raw).toContain('text/html');

    const events = await eventsOf(t, 'registration-');
    const mine = events.filter((e) => JSON.stringify(e.data).includes(input.adminData.email));
    expect(mine.map((e) => e.type)).toEqual(['HospitalRegistrationSubmitted']);
    const all = JSON.stringify(events);
    expect(all).not.toContain(input.adminData.password);
    expect(all).not.toContain(`"${code}"`);
    // The password lives only with identity, hashed, until the email is verified.
    const submitted = mine[0]!.data as { adminUserId: string; admin: Record<string, unknown> };
    expect(submitted.admin).not.toHaveProperty('passwordHash');
    const [staged] = await t.platform.store.readStream(`account-${submitted.adminUserId}`);
    expect(staged!.type).toBe('AccountCredentialsStaged');
    expect((staged!.data as { passwordHash: string }).passwordHash).toMatch(/^\$argon2id\$/);
  });

  it('accepts hospital numbers, licences and registration numbers of the current year', async () => {
    const year = clock().getFullYear();
    const input = registrationInput({
      hospitalData: {
        hospitalNumber: `DVC/${year}/004321`,
        licenseNumber: `HEFAMAA/LAG/${year}/CLI/004321`,
        registrationNumber: `RGN/LAG/${year}/0004321`,
      },
    });
    expect((await post(REGISTER, input)).statusCode).toBe(200);
    const next = registrationInput({ hospitalData: { hospitalNumber: `DVC/${year + 1}/004321` } });
    const refused = await post(REGISTER, next);
    expect(refused.statusCode).toBe(400);
    expect(refused.json().errors).toEqual([
      { field: 'hospitalData.hospitalNumber', message: `Year must be between 2020-${year}` },
    ]);
  });

  it('answers 400 with the spec message for each failing field', async () => {
    const input = registrationInput({
      hospitalData: {
        name: '',
        hospitalNumber: 'DVC/2019/001234',
        licenseNumber: 'HEFAMAA/XYZ/2024/CLI/001234',
        registrationNumber: 'RGN/LAG/2024/0000000',
        email: 'not-an-email',
      },
      adminData: { fullName: 'Ada Okafor', jobTitle: '', password: 'abcde', confirmPassword: 'abcdf' },
    });
    const res = await post(REGISTER, input);
    expect(res.statusCode).toBe(400);
    const body = res.json();
    expect(body.message).toBe('Please check your input and try again');
    expect(body.errors).toEqual([
      { field: 'hospitalData.name', message: 'Please fill in all required fields' },
      { field: 'hospitalData.email', message: 'Please enter a valid email address' },
      {
        field: 'hospitalData.licenseNumber',
        message: 'Invalid state code: XYZ. Must use valid 3-letter Nigerian state code.',
      },
      { field: 'hospitalData.registrationNumber', message: 'Registration number must be between 0000001-9999999' },
      { field: 'hospitalData.hospitalNumber', message: `Year must be between 2020-${clock().getFullYear()}` },
      { field: 'adminData.jobTitle', message: 'Please fill in all required fields' },
      { field: 'adminData.password', message: 'Password must be at least 6 characters long' },
      { field: 'adminData.confirmPassword', message: 'Passwords do not match' },
    ]);
    expect(await readOutbox(outbox(), input.adminData.email)).toEqual([]);
  });

  it('answers 400 when a whole section is missing', async () => {
    const res = await post(REGISTER, {});
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toContainEqual({
      field: 'hospitalData.hospitalNumber',
      message: 'Hospital Number is required',
    });
  });

  it('refuses one of the most common passwords, in any case', async () => {
    const input = registrationInput({ adminData: { password: 'Password1', confirmPassword: 'Password1' } });
    const res = await post(REGISTER, input);
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toEqual([
      { field: 'adminData.password', message: 'This password is too common. Choose a less predictable one.' },
    ]);
  });

  it.each(['Lagos@2025', 'Abuja2024!', 'Hospital123!', 'HospitalBravo2025!'])(
    'refuses %s, a place, a health word or the own hospital with a year (issue 33 §3)',
    async (password) => {
      const input = registrationInput({
        hospitalData: { name: 'Hospital Bravo' },
        adminData: { password, confirmPassword: password },
      });
      const res = await post(REGISTER, input);
      expect(res.statusCode).toBe(400);
      expect(res.json().errors).toEqual([{ field: 'adminData.password', message: WEAK_PASSWORD }]);
    },
  );

  describe('duplicates', () => {
    let first: ReturnType<typeof registrationInput>;
    beforeAll(async () => {
      first = registrationInput();
      expect((await post(REGISTER, first)).statusCode).toBe(200);
      const token = await readVerificationCode(outbox(), first.adminData.email);
      expect((await post(VERIFY, { email: first.adminData.email, token })).statusCode).toBe(200);
    });

    it.each(['hospitalNumber', 'licenseNumber', 'registrationNumber', 'email'] as const)(
      'refuses a hospital with the same %s as a registered one',
      async (field) => {
        const input = registrationInput({ hospitalData: { [field]: first.hospitalData[field].toLowerCase() } });
        const res = await post(REGISTER, input);
        expect(res.statusCode).toBe(409);
        expect(res.json()).toEqual({ success: false, message: 'A hospital with this information already exists' });
        expect(await readOutbox(outbox(), input.adminData.email)).toEqual([]);
      },
    );
    // An admin email that already has an account: registration-takeover.int.test.ts.
  });

  it('lets two pending registrations claim one hospital; the first to verify wins, the other gets 409', async () => {
    const a = registrationInput();
    // Same hospital email: checked after number, licence and registration, which `a` reserves first.
    const b = registrationInput({ hospitalData: { email: a.hospitalData.email } });
    expect((await post(REGISTER, a)).statusCode).toBe(200);
    expect((await post(REGISTER, b)).statusCode).toBe(200);
    const codeB = await readVerificationCode(outbox(), b.adminData.email);
    const codeA = await readVerificationCode(outbox(), a.adminData.email);
    expect((await post(VERIFY, { email: b.adminData.email, token: codeB })).statusCode).toBe(200);
    const res = await post(VERIFY, { email: a.adminData.email, token: codeA });
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe('A hospital with this information already exists');
    // The values `a` reserved before the clash were given back: a corrected registration can use them.
    const fixed = registrationInput({
      hospitalData: { ...a.hospitalData, email: `other-${a.hospitalData.email}` },
      adminData: { email: `other-${a.adminData.email}` },
    });
    expect((await post(REGISTER, fixed)).statusCode).toBe(200);
    const fresh = await readVerificationCode(outbox(), fixed.adminData.email);
    expect((await post(VERIFY, { email: fixed.adminData.email, token: fresh })).statusCode).toBe(200);
  });
  // A second registration for a pending admin email: registration-takeover.int.test.ts.
});

describe('registration when the mail server fails', () => {
  let t: TestApp;
  const failing: Mailer = {
    send: async () => {
      throw new Error('SMTP connection refused');
    },
  };
  beforeAll(async () => {
    t = await startTestApp({ modules: [createIdentityModule(), createHospitalsModule()], mailer: failing });
  });
  afterAll(async () => t?.close());

  it('answers 503 and appends nothing', async () => {
    const res = await t.app.inject({ method: 'POST', url: REGISTER, payload: registrationInput() });
    expect(res.statusCode).toBe(503);
    expect(res.json()).toEqual({
      success: false,
      message: 'Unable to send verification email. Please try again later',
    });
    const { rows } = await t.platform.pool.query<{ n: string }>('select count(*)::text as n from events');
    expect(rows[0]!.n).toBe('0');
    const { rows: pending } = await t.platform.pool.query('select * from hospital_registrations');
    expect(pending).toEqual([]);
  });
});
