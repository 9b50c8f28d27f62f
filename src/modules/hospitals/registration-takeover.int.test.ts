import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../../test/helpers/app';
import { MINUTE, testClock } from '../../../test/helpers/clock';
import {
  ADMIN_PASSWORD,
  onboardHospital,
  randomIp,
  registrationInput,
  type Onboarded,
} from '../../../test/helpers/onboard';
import { codeIn, readOutbox, readVerificationCode } from '../../../test/helpers/outbox';
import { browserPerEmail } from '../../../test/helpers/registrants';
import { createStaffAccount } from '../../../test/helpers/staff-accounts';
import { decodeQuotedPrintable } from '../../../test/helpers/staff-api';
import type { Mailer, MailMessage } from '../../platform/mail/mailer';
import { createIdentityModule } from '../identity';
import { createHospitalsModule } from '.';

const REGISTER = '/api/hospital/register-with-verification';
const VERIFY = '/api/hospital/verify-email';
const RESEND = '/api/hospital/resend-verification';
const WEAK =
  'This password is too easy to guess. Use a longer one, such as a few unrelated words, and leave out your name, email and hospital.';

/** A public POST as the browser sends it, each from another client address (under the per-IP limits). */
const postFrom = (t: TestApp, url: string, payload: object) =>
  t.app.inject({
    method: 'POST',
    url,
    payload,
    headers: { 'content-type': 'application/json', 'x-forwarded-for': randomIp() },
  });

/** Issue 21: a pending registration cannot be taken over, the answer names no account, mail is limited. */
describe('registration against strangers', () => {
  let t: TestApp;
  let known: Onboarded;
  const clock = testClock();
  const browser = browserPerEmail(() => t.app);
  const post = (url: string, payload: object, ip?: string) => browser(url, payload, ip);
  const outbox = () => path.join(t.dataDir, 'outbox');
  const login = (email: string, password: string) => post('/api/admin/login', { email, password });
  const submittedFor = async (email: string) => {
    const { rows } = await t.platform.pool.query(
      `select 1 from events where type = 'HospitalRegistrationSubmitted' and data->'admin'->>'email' = $1`,
      [email.toLowerCase()],
    );
    return rows.length;
  };

  beforeAll(async () => {
    t = await startTestApp({ modules: [createIdentityModule({ clock }), createHospitalsModule({ clock })] });
    known = await onboardHospital(t);
  });
  afterAll(async () => t?.close());

  // Registrations of one address by its owner and a stranger, in every order: registration-orders.int.test.ts.

  it('starts over for the same email once the pending registration has expired', async () => {
    const first = registrationInput();
    const email = first.adminData.email;
    expect((await post(REGISTER, first)).statusCode).toBe(200);
    const old = await readVerificationCode(outbox(), email);
    clock.advance(31 * MINUTE);
    expect((await post(VERIFY, { email, token: old })).json().message).toBe(
      'Verification code has expired. Please request a new one',
    );
    const again = registrationInput({ hospitalData: { name: 'Corrected Name Clinic' }, adminData: { email } });
    expect((await post(REGISTER, again)).statusCode).toBe(200);
    const res = await post(VERIFY, { email, token: await readVerificationCode(outbox(), email) });
    expect(res.statusCode).toBe(200);
    expect(res.json().hospital.name).toBe('Corrected Name Clinic');
  });

  it('answers an address with an account exactly like a new one, and mails its owner instead', async () => {
    const staff = await createStaffAccount(t.platform, known.hospital.id);
    const unknown = registrationInput();
    const asAdmin = registrationInput({ adminData: { email: known.adminEmail.toUpperCase() } });
    const asStaff = registrationInput({ adminData: { email: staff.email } });
    const before = [await submittedFor(known.adminEmail), await submittedFor(staff.email)];
    const answers = await Promise.all([unknown, asAdmin, asStaff].map((input) => post(REGISTER, input)));
    const shape = (r: (typeof answers)[number], email: string) => ({
      status: r.statusCode,
      type: r.headers['content-type'],
      body: JSON.parse(r.body.replaceAll(email.toLowerCase(), '<email>')),
    });
    const expected = shape(answers[0]!, unknown.adminData.email);
    expect(expected.status).toBe(200);
    expect(shape(answers[1]!, known.adminEmail)).toEqual(expected);
    expect(shape(answers[2]!, staff.email)).toEqual(expected);

    for (const [i, email] of [known.adminEmail, staff.email].entries()) {
      const mails = await readOutbox(outbox(), email);
      const notice = mails[mails.length - 1]!;
      expect(notice.subject).toBe('Someone tried to register a hospital with your email address');
      expect(decodeQuotedPrintable(notice.raw)).toContain('If it was you, sign in with your existing account');
      expect(await submittedFor(email)).toBe(before[i]);
    }
    expect((await login(known.adminEmail, known.adminPassword)).statusCode).toBe(200);
  });

  it('answers wrong codes for an address with an account as it would for a new address', async () => {
    const fresh = registrationInput().adminData.email;
    const admin = (await onboardHospital(t)).adminEmail;
    const staff = (await createStaffAccount(t.platform, known.hospital.id)).email;
    const emails = [fresh, admin, staff];
    // Past the minute the admin's own verification code took from the address's mail.
    clock.advance(MINUTE);
    for (const email of emails) {
      expect((await post(REGISTER, registrationInput({ adminData: { email } }))).statusCode).toBe(200);
    }
    const real = await readVerificationCode(outbox(), fresh);
    const wrong = real === '000000' ? '111111' : '000000';
    // Each registrant's browser types from one address (wrong codes are counted per address).
    const ips = new Map(emails.map((email) => [email, randomIp()]));
    const answers = async (url: string, payload: (email: string) => object) =>
      Promise.all(
        emails.map(async (email) => {
          const r = await post(url, payload(email), ips.get(email));
          return { status: r.statusCode, body: JSON.parse(r.body.replaceAll(email.toLowerCase(), '<email>')) };
        }),
      );
    const guess = () => answers(VERIFY, (email) => ({ email, token: wrong }));
    const same = (round: Awaited<ReturnType<typeof guess>>) => {
      expect(round[1]).toEqual(round[0]);
      expect(round[2]).toEqual(round[0]);
      return round[0]!;
    };

    // Five wrong codes each, then the code is burnt for all three alike.
    for (let i = 0; i < 5; i++) expect(same(await guess()).status).toBe(400);
    const burnt = same(await guess());
    expect(burnt).toMatchObject({
      status: 429,
      body: { message: 'Too many verification attempts. Please request a new code' },
    });
    // A new code (for the owners: another notice) counts afresh, and resending again is too soon for all.
    clock.advance(MINUTE);
    expect(same(await answers(RESEND, (email) => ({ email }))).status).toBe(200);
    expect(same(await answers(RESEND, (email) => ({ email }))).status).toBe(429);
    expect(same(await guess())).toMatchObject({
      status: 400,
      body: { message: 'Invalid verification code. Please try again' },
    });
    // Once the code's time is up, all three say so.
    clock.advance(15 * MINUTE);
    expect(same(await guess())).toMatchObject({
      status: 400,
      body: { message: 'Verification code has expired. Please request a new one' },
    });
    for (const email of [admin, staff]) {
      const notices = (await readOutbox(outbox(), email)).filter((m) => m.subject.startsWith('Someone tried'));
      expect(notices).toHaveLength(2);
    }
    expect((await login(admin, ADMIN_PASSWORD)).statusCode).toBe(200);
  });

  it('mails each of three registrations in a row its own code, and resending waits for the address', async () => {
    const email = registrationInput().adminData.email;
    for (let i = 0; i < 3; i++) {
      const res = await post(REGISTER, registrationInput({ adminData: { email } }));
      expect(res.statusCode).toBe(200);
      expect(res.json().message).toBe('Verification code sent to your email!');
    }
    expect(new Set((await readOutbox(outbox(), email)).map(codeIn)).size).toBe(3);
    const tooSoon = await post(RESEND, { email });
    expect(tooSoon.statusCode).toBe(429);
    expect(tooSoon.json().message).toMatch(/^Please wait \d+ seconds before requesting a new code$/);

    // An address with an account is limited the same way, so the resend answer does not tell them apart.
    for (let i = 0; i < 3; i++) await post(REGISTER, registrationInput({ adminData: { email: known.adminEmail } }));
    expect((await post(RESEND, { email: known.adminEmail })).statusCode).toBe(429);
  });

  it('sends at most five mails an hour to one address', async () => {
    const email = registrationInput().adminData.email;
    expect((await post(REGISTER, registrationInput({ adminData: { email } }))).statusCode).toBe(200);
    for (let i = 0; i < 7; i++) {
      clock.advance(MINUTE);
      const res = await post(RESEND, { email });
      expect(res.statusCode).toBe(i < 4 ? 200 : 429);
    }
    expect(await readOutbox(outbox(), email)).toHaveLength(5);
  });

  it('puts nothing the caller typed into a link, the subject or a markup of the mail', async () => {
    const input = registrationInput({
      hospitalData: {
        name: `Claim your refund at https://evil.example/pay?x=1 <a href="https://evil.example">now</a> ${'x'.repeat(90)}`,
      },
      adminData: { fullName: 'Ada www.evil.example Okafor' },
    });
    expect((await post(REGISTER, input)).statusCode).toBe(200);
    const [mail] = await readOutbox(outbox(), input.adminData.email);
    const raw = decodeQuotedPrintable(mail!.raw);
    expect(raw).not.toMatch(/evil\.example|https?:\/\/evil|<a href|x{61}/);
    expect(mail!.subject).toBe('Verify your email to finish registering your hospital');
    expect(raw).toContain('Claim your refund at https evil. example');

    const notice = (await readOutbox(outbox(), known.adminEmail)).at(-1)!;
    const links = decodeQuotedPrintable(notice.raw).match(/https?:\/\/[^\s"'<>]+/g) ?? [];
    expect(links.length).toBeGreaterThan(0);
    for (const link of links) expect(link.startsWith(`${t.config.publicUrl}/`)).toBe(true);
  });

  it.each([['aaaaaa'], ['abcdef'], ['hospital123'], ['nigeria'], ['the e-mail']])(
    'refuses the guessable password %s with one clear message',
    async (password) => {
      const input = registrationInput();
      const chosen = password === 'the e-mail' ? input.adminData.email : password;
      const res = await post(REGISTER, {
        ...input,
        adminData: { ...input.adminData, password: chosen, confirmPassword: chosen },
      });
      expect(res.statusCode).toBe(400);
      expect(res.json().errors).toEqual([{ field: 'adminData.password', message: WEAK }]);
      expect(await readOutbox(outbox(), input.adminData.email)).toEqual([]);
    },
  );
});

describe('two registrations for one new address at the same instant', () => {
  let t: TestApp;
  // The mail server (outside the system) is slow, so both requests are in flight together.
  const sent: MailMessage[] = [];
  let onSending: (() => void) | null = null;
  const slowMail: Mailer = {
    send: async (message) => {
      onSending?.();
      await new Promise((r) => setTimeout(r, 300));
      sent.push(message);
    },
  };
  const post = (url: string, payload: object) => postFrom(t, url, payload);

  beforeAll(async () => {
    t = await startTestApp({ modules: [createIdentityModule(), createHospitalsModule()], mailer: slowMail });
  });
  afterAll(async () => t?.close());

  it('mails each of two registrations at the same instant its own code, naming its hospital', async () => {
    const owner = registrationInput();
    const email = owner.adminData.email;
    const racer = registrationInput({ hospitalData: { name: 'Racing Clinic' }, adminData: { email } });
    const answers = await Promise.all([post(REGISTER, owner), post(REGISTER, racer)]);
    expect(answers.map((a) => a.statusCode)).toEqual([200, 200]);
    const mails = sent.filter((m) => m.to === email);
    expect(mails).toHaveLength(2);
    expect(mails.filter((m) => m.text.includes(`"${owner.hospitalData.name}"`))).toHaveLength(1);
    expect(mails.filter((m) => m.text.includes('"Racing Clinic"'))).toHaveLength(1);
  });
  it('holds the address lock on a connection of the lock pool, not of the pool commands and reads use', async () => {
    const sending = new Promise<void>((resolve) => (onSending = resolve));
    const answer = post(REGISTER, registrationInput());
    await sending;
    onSending = null;
    // While the mail server is slow, the lock's holder is one of the few connections kept for locks.
    const { rows } = await t.platform.pool.query<{ application_name: string }>(
      `select a.application_name from pg_locks l join pg_stat_activity a on a.pid = l.pid
        where l.locktype = 'advisory' and l.granted and a.datname = current_database()
          and a.application_name <> 'hms-leases'`, // the node's leadership leases (db/leases.ts) are held apart
    );
    expect(rows.map((r) => r.application_name)).toEqual(['hms-locks']);
    expect((await answer).statusCode).toBe(200);
  });
});
