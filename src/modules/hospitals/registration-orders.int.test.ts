import path from 'node:path';
import type { Response as Answer } from 'light-my-request';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../../test/helpers/app';
import { randomIp, registrationCookie, registrationInput } from '../../../test/helpers/onboard';
import { codeIn, readOutbox } from '../../../test/helpers/outbox';
import { decodeQuotedPrintable } from '../../../test/helpers/staff-api';
import { createIdentityModule } from '../identity';
import { createHospitalsModule } from '.';

const REGISTER = '/api/hospital/register-with-verification';
const VERIFY = '/api/hospital/verify-email';
const OWNER_PASSWORD = 'Kano-Groundnut-Pyramid-1';
const ATTACKER_PASSWORD = 'Stolen-Harmattan-Mailbox-9';

type Party = { ip: string; post: (url: string, payload: object) => Promise<Answer> };

/**
 * Issue 33 §1: whoever registers the owner's address first, at the same instant or again later,
 * the code in the owner's mailbox verifies only the registration of the browser that asked for it.
 * Each party is a browser of its own: its own client address and the cookie its registration set.
 */
describe('registrations of one address by its owner and by a stranger, in every order', () => {
  let t: TestApp;
  const outbox = () => path.join(t.dataDir, 'outbox');

  const browser = (): Party => {
    const ip = randomIp();
    let cookie: string | undefined;
    return {
      ip,
      post: async (url, payload) => {
        const answer = await t.app.inject({
          method: 'POST',
          url,
          payload,
          headers: { 'content-type': 'application/json', 'x-forwarded-for': ip, ...(cookie ? { cookie } : {}) },
        });
        if (url === REGISTER && answer.headers['set-cookie']) cookie = registrationCookie(answer);
        return answer;
      },
    };
  };

  const inputs = () => {
    const owner = registrationInput({ adminData: { password: OWNER_PASSWORD, confirmPassword: OWNER_PASSWORD } });
    const email = owner.adminData.email;
    const attacker = registrationInput({
      hospitalData: { name: `Attacker Clinic ${email.slice(4, 12)}` },
      adminData: { email, fullName: 'Mallam Fake', password: ATTACKER_PASSWORD, confirmPassword: ATTACKER_PASSWORD },
    });
    return { owner, attacker, email };
  };

  /** The code of the mail to `email` that names `hospitalName` (each registration's mail names its hospital). */
  const codeFor = async (email: string, hospitalName: string) => {
    const mails = await readOutbox(outbox(), email);
    const mine = mails.filter((m) => decodeQuotedPrintable(m.raw).includes(`"${hospitalName}"`));
    expect(mine).toHaveLength(1);
    return codeIn(mine[0]!);
  };
  const login = (email: string, password: string) =>
    browser()
      .post('/api/admin/login', { email, password })
      .then((r) => r.statusCode);
  const verifiedCount = async (email: string) => {
    const { rows } = await t.platform.pool.query(
      `select 1 from events where type = 'EmailVerified' and data->>'email' = $1`,
      [email.toLowerCase()],
    );
    return rows.length;
  };

  /** The end every order must reach: the owner's hospital and password, nothing of the attacker's. */
  async function expectOwnerWins(email: string, ownerName: string) {
    expect(await login(email, OWNER_PASSWORD)).toBe(200);
    expect(await login(email, ATTACKER_PASSWORD)).toBe(401);
    expect(await verifiedCount(email)).toBe(1);
    const { rows } = await t.platform.pool.query<{ name: string }>(
      `select data->>'name' as name from events where type = 'HospitalRegistered' and data->>'email' = $1`,
      [inputsByEmail.get(email)!.owner.hospitalData.email],
    );
    expect(rows.map((r) => r.name)).toEqual([ownerName]);
  }
  const inputsByEmail = new Map<string, ReturnType<typeof inputs>>();
  const fresh = () => {
    const i = inputs();
    inputsByEmail.set(i.email, i);
    return i;
  };

  beforeAll(async () => {
    t = await startTestApp({ modules: [createIdentityModule(), createHospitalsModule()] });
  });
  afterAll(async () => t?.close());

  it("attacker first: the attacker's code typed in the owner's browser does nothing; the owner's own code verifies the owner's registration", async () => {
    const { owner, attacker, email } = fresh();
    const [a, o] = [browser(), browser()];
    expect((await a.post(REGISTER, attacker)).statusCode).toBe(200);
    expect((await o.post(REGISTER, owner)).statusCode).toBe(200);

    const attackersCode = await codeFor(email, attacker.hospitalData.name);
    const ownersCode = await codeFor(email, owner.hospitalData.name);
    const typo = await o.post(VERIFY, { email, token: attackersCode });
    expect(typo.statusCode).toBe(400);
    expect(typo.json().message).toBe('Invalid verification code. Please try again');
    expect(await verifiedCount(email)).toBe(0);

    const verified = await o.post(VERIFY, { email, token: ownersCode });
    expect(verified.statusCode).toBe(200);
    expect(verified.json().hospital.name).toBe(owner.hospitalData.name);
    // Verifying the owner's registration voided the attacker's: even its own code (were it leaked) does nothing.
    expect((await a.post(VERIFY, { email, token: attackersCode })).statusCode).toBe(400);
    await expectOwnerWins(email, owner.hospitalData.name);
  });

  it("owner first: the attacker's later registration changes nothing of the owner's", async () => {
    const { owner, attacker, email } = fresh();
    const [a, o] = [browser(), browser()];
    expect((await o.post(REGISTER, owner)).statusCode).toBe(200);
    const second = await a.post(REGISTER, attacker);
    expect(second.statusCode).toBe(200);

    const verified = await o.post(VERIFY, { email, token: await codeFor(email, owner.hospitalData.name) });
    expect(verified.statusCode).toBe(200);
    expect(verified.json().hospital.name).toBe(owner.hospitalData.name);
    expect((await a.post(VERIFY, { email, token: await codeFor(email, attacker.hospitalData.name) })).statusCode).toBe(
      400,
    );
    await expectOwnerWins(email, owner.hospitalData.name);
  });

  it.each([0, 40, 100])('both within 100 ms (owner %i ms behind): the owner still verifies their own', async (lag) => {
    const { owner, attacker, email } = fresh();
    const [a, o] = [browser(), browser()];
    const answers = await Promise.all([
      a.post(REGISTER, attacker),
      new Promise((r) => setTimeout(r, lag)).then(() => o.post(REGISTER, owner)),
    ]);
    expect(answers.map((r) => r.statusCode)).toEqual([200, 200]);
    expect((await o.post(VERIFY, { email, token: await codeFor(email, attacker.hospitalData.name) })).statusCode).toBe(
      400,
    );
    const verified = await o.post(VERIFY, { email, token: await codeFor(email, owner.hospitalData.name) });
    expect(verified.statusCode).toBe(200);
    expect(verified.json().hospital.name).toBe(owner.hospitalData.name);
    await expectOwnerWins(email, owner.hospitalData.name);
  });

  it('attacker again after the owner: answered like any registration, the owner is told, nothing changes', async () => {
    const { owner, attacker, email } = fresh();
    const [a, o] = [browser(), browser()];
    expect((await o.post(REGISTER, owner)).statusCode).toBe(200);
    expect((await o.post(VERIFY, { email, token: await codeFor(email, owner.hospitalData.name) })).statusCode).toBe(
      200,
    );

    const again = await a.post(REGISTER, attacker);
    expect(again.statusCode).toBe(200);
    expect(again.json().message).toBe('Verification code sent to your email!');
    expect(again.headers['set-cookie']).toBeDefined();
    const notice = (await readOutbox(outbox(), email)).at(-1)!;
    expect(notice.subject).toBe('Someone tried to register a hospital with your email address');
    for (const guess of ['000000', '123456'])
      expect((await a.post(VERIFY, { email, token: guess })).statusCode).toBe(400);
    await expectOwnerWins(email, owner.hospitalData.name);
  });

  it("a third party's wrong codes from another address never burn the owner's code", async () => {
    const { owner, attacker, email } = fresh();
    const o = browser();
    expect((await o.post(REGISTER, owner)).statusCode).toBe(200);
    // A stranger with no registration, and one with a registration of their own for the address.
    const stranger = browser();
    const rival = browser();
    expect((await rival.post(REGISTER, attacker)).statusCode).toBe(200);
    const ownersCode = await codeFor(email, owner.hospitalData.name);
    const wrong = ownersCode === '000000' ? '111111' : '000000';
    for (let i = 0; i < 6; i++) {
      expect((await stranger.post(VERIFY, { email, token: wrong })).statusCode).toBe(400);
      expect([400, 429]).toContain((await rival.post(VERIFY, { email, token: wrong })).statusCode);
    }
    const verified = await o.post(VERIFY, { email, token: ownersCode });
    expect(verified.statusCode).toBe(200);
    expect(verified.json().hospital.name).toBe(owner.hospitalData.name);
  });

  it('mails each registration its own code, naming the hospital and its numbers, and what to do if it was not them', async () => {
    const { owner, email } = fresh();
    expect((await browser().post(REGISTER, owner)).statusCode).toBe(200);
    const mail = decodeQuotedPrintable((await readOutbox(outbox(), email))[0]!.raw);
    expect(mail).toContain(`"${owner.hospitalData.name}"`);
    expect(mail).toContain(`registration number ${owner.hospitalData.registrationNumber}`);
    expect(mail).toContain(`licence ${owner.hospitalData.licenseNumber}`);
    expect(mail).toContain('If you did not register this hospital, someone else typed your email address');
  });
});
