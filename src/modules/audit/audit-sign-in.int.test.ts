import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { asClient, startPatientsSuite, type PatientsSuite } from '../../../test/helpers/patients-api';
import { hireAndSignIn, staffLogin } from '../../../test/helpers/staff-api';
import { randomIp } from '../../../test/helpers/onboard';
import { trailCaughtUp } from './caught-up';

/**
 * Sign-ins in the trail: a success is one entry (its session rides along), a wrong password is a
 * LoginFailed, the attempt that locks the account shows as the lock, an attempt while locked and
 * one with an e-mail nobody has are SignInFailed (the latter outside every hospital's trail), and
 * password changes, wrong or right, are entries.
 */
describe('sign-ins in the audit trail', () => {
  let s: PatientsSuite;
  const INVALID = 'Invalid email or password';

  beforeAll(async () => {
    s = await startPatientsSuite(['receptionist']);
  });
  afterAll(async () => s?.t.close());

  const requestIdOf = (res: { headers: Record<string, unknown> }) => String(res.headers['x-request-id']);
  /** The rows the audit projection wrote for one request, all hospitals, primary entry first. */
  async function rowsOf(requestId: string) {
    await trailCaughtUp(s.t.platform);
    return s.t.platform.db
      .selectFrom('audit_events')
      .select(['hospital_id', 'event_type', 'actor_role', 'action', 'subject_type', 'subject_id', 'primary_entry'])
      .where('request_id', '=', requestId)
      .orderBy('primary_entry', 'desc')
      .orderBy('position')
      .execute();
  }
  /** The entries hospital A's trail lists for one request. */
  async function entriesOf(requestId: string) {
    const res = await s.t.app.inject({
      method: 'GET',
      url: '/api/audit/events?limit=200',
      headers: asClient(s.tokens.admin),
    });
    const entries = res.json().data.entries as { requestId: string; eventType: string; action: string }[];
    return entries.filter((e) => e.requestId === requestId);
  }

  it('records a sign-in once, its session riding along', async () => {
    const nurse = await hireAndSignIn(s.t, s.a.token, 'nurse');
    const res = await staffLogin(s.t, nurse.email, nurse.password);
    expect(res.statusCode).toBe(200);
    expect((await entriesOf(requestIdOf(res))).map((e) => [e.eventType, e.action])).toEqual([
      ['LoginSucceeded', 'Signed in'],
    ]);
    const rows = await rowsOf(requestIdOf(res));
    expect(rows.map((r) => [r.event_type, r.primary_entry])).toEqual([
      ['LoginSucceeded', true],
      ['SessionStarted', false],
    ]);
  });

  it('records a sign-in with an unknown e-mail outside every hospital trail, at both doors', async () => {
    for (const url of ['/api/auth/login', '/api/admin/login']) {
      const email = `nobody-${Date.now()}@example.org`;
      const res = await s.t.app.inject({ method: 'POST', url, payload: { email, password: 'Guess-123!' } });
      expect(res.statusCode).toBe(401);
      expect(res.json().message).toBe(INVALID);
      expect(await rowsOf(requestIdOf(res))).toEqual([
        {
          hospital_id: '',
          event_type: 'SignInFailed',
          actor_role: 'anonymous',
          action: `Failed sign-in: no account for ${email}`,
          subject_type: null,
          subject_id: null,
          primary_entry: true,
        },
      ]);
      expect(await entriesOf(requestIdOf(res))).toEqual([]);
    }
  });

  it('shows wrong passwords, the lock they cause and an attempt while locked', async () => {
    const clerk = await hireAndSignIn(s.t, s.a.token, 'receptionist');
    const ids: string[] = [];
    // Locks are per client address: the failures and the locked attempt come from one.
    const ip = randomIp();
    for (let i = 0; i < 5; i++) {
      const res = await staffLogin(s.t, clerk.email, 'not-the-password', ip);
      expect(res.statusCode).toBe(401);
      ids.push(requestIdOf(res));
    }
    for (const [i, id] of ids.slice(0, 4).entries()) {
      expect((await entriesOf(id)).map((e) => e.action)).toEqual([`Failed sign-in: wrong password (attempt ${i + 1})`]);
    }
    const locking = await entriesOf(ids[4]!);
    expect(locking.map((e) => e.eventType)).toEqual(['AccountLocked']);
    expect((await rowsOf(ids[4]!)).map((r) => r.event_type)).toEqual(['AccountLocked', 'LoginFailed']);

    const locked = await staffLogin(s.t, clerk.email, clerk.password, ip);
    expect(locked.statusCode).toBe(423);
    const [row] = await rowsOf(requestIdOf(locked));
    expect(row).toMatchObject({
      hospital_id: s.a.hospital.id,
      event_type: 'SignInFailed',
      subject_type: 'user',
      subject_id: clerk.id,
      primary_entry: true,
    });
    expect(row!.action).toMatch(/^Refused sign-in of .+: account locked$/);
  });

  it('records password changes, a wrong current password included', async () => {
    const nurse = await hireAndSignIn(s.t, s.a.token, 'nurse');
    const change = (currentPassword: string) =>
      s.t.app.inject({
        method: 'POST',
        url: '/api/auth/change-password',
        headers: asClient(nurse.token),
        payload: { currentPassword, newPassword: 'N3w-Passw0rd!x', confirmPassword: 'N3w-Passw0rd!x' },
      });
    const wrong = await change('not-the-password');
    expect(wrong.statusCode).toBe(400);
    expect((await entriesOf(requestIdOf(wrong))).map((e) => e.action)).toEqual([
      'Failed to change password: wrong current password (attempt 1)',
    ]);
    const right = await change(nurse.password);
    expect(right.statusCode, right.body).toBe(200);
    expect((await entriesOf(requestIdOf(right))).map((e) => [e.eventType, e.action])).toEqual([
      ['PasswordChanged', 'Changed password'],
    ]);
  });
});
