import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sharedTestApp, type TestApp } from '../../../test/helpers/app';
import { onboardHospital, registrationInput, type Onboarded } from '../../../test/helpers/onboard';
import { asClient } from '../../../test/helpers/patients-api';
import { hireAndSignIn } from '../../../test/helpers/staff-api';
import { AUDIT_TRAIL } from '../audit';
import { LOGO_TOO_LARGE, LOGO_TYPE } from './logo';
import { FEE_RANGE, IDLE_RANGE, INVALID_TIME_ZONE, SETTINGS_SAVED } from './settings';

const PNG = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13]);
const png = (bytes = PNG) => `data:image/png;base64,${bytes.toString('base64')}`;

describe('hospital settings', () => {
  let t: TestApp;
  let a: Onboarded;
  let b: Onboarded;
  let nurse: string;
  const call = (token: string, method: 'GET' | 'PUT', payload?: object) =>
    t.app.inject({ method, url: '/api/hospital/settings', headers: asClient(token), ...(payload ? { payload } : {}) });
  const settingsOf = async (token: string) => (await call(token, 'GET')).json().data.settings;

  beforeAll(async () => {
    t = await sharedTestApp();
    [a, b] = await Promise.all([onboardHospital(t), onboardHospital(t)]);
    nurse = (await hireAndSignIn(t, a.token, 'nurse')).token;
  });
  afterAll(async () => t?.close());

  it('starts from the onboarding profile and the defaults, readable by the staff, changeable by the admin only', async () => {
    const s = await settingsOf(nurse);
    expect(s).toMatchObject({
      name: a.hospitalData.name,
      licenseNumber: a.hospitalData.licenseNumber,
      hospitalCode: a.hospital.hospitalId,
      timeZone: 'Africa/Lagos',
      idleTimeoutMinutes: 10,
      defaultConsultationFee: 5000,
      logo: null,
      address: null,
      plan: 'clinic',
    });
    const refused = await call(nurse, 'PUT', { idleTimeoutMinutes: 20 });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe('Access denied. Admin role required.');
  });

  it('saves the fields sent as events with what changed, and the other hospital keeps its own', async () => {
    const res = await call(a.token, 'PUT', {
      name: 'St. Luke Specialist Hospital',
      address: '12 Marina Road, Lagos Island',
      phone: '+234 803 123 4567',
      timeZone: 'Africa/Accra',
      idleTimeoutMinutes: 15,
      defaultConsultationFee: '7500',
      logo: png(),
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      message: SETTINGS_SAVED,
      data: {
        settings: {
          name: 'St. Luke Specialist Hospital',
          idleTimeoutMinutes: 15,
          defaultConsultationFee: 7500,
          timeZone: 'Africa/Accra',
          logo: png(),
          licenseNumber: a.hospitalData.licenseNumber,
        },
      },
    });
    expect(await settingsOf(nurse)).toMatchObject({ idleTimeoutMinutes: 15, defaultConsultationFee: 7500 });
    expect(await settingsOf(b.token)).toMatchObject({ idleTimeoutMinutes: 10, name: b.hospitalData.name });

    const events = await t.platform.store.readStream(`hospital-${a.hospital.id}`);
    const changed = events.find((e) => e.type === 'HospitalSettingsChanged')!;
    expect(changed.data).toMatchObject({
      previous: { name: a.hospitalData.name, idleTimeoutMinutes: 10, defaultConsultationFee: 5000, address: null },
    });
    expect(changed.metadata).toMatchObject({ actor: { role: 'admin' }, hospitalId: a.hospital.id });
    expect(events.some((e) => e.type === 'HospitalLogoChanged')).toBe(true);

    expect(await t.platform.waitFor(events.at(-1)!.globalPosition, [{ name: AUDIT_TRAIL }], 10_000)).toBe(true);
    const trail = (
      await t.app.inject({ method: 'GET', url: '/api/audit/events?limit=20', headers: asClient(a.token) })
    ).json().data.entries as { action: string }[];
    // One request, one entry: the logo rides with the settings change in the same commit.
    expect(trail.map((e) => e.action).find((x) => x.startsWith('Changed hospital settings:'))).toContain(
      'idle time-out (minutes) from 10 to 15',
    );
  });

  it('applies the onboarding format rules and the ranges, with the spec messages', async () => {
    const cases: [object, string][] = [
      [
        { licenseNumber: 'LIC-1' },
        'Invalid Facility License format. Must be: HEFAMAA/[STATE]/[YEAR]/CLI/[6-digit number] (e.g., HEFAMAA/LAG/2024/CLI/001234)',
      ],
      [{ email: 'not-an-email' }, 'Please enter a valid email address'],
      [{ name: '  ' }, 'Please fill in all required fields'],
      [{ idleTimeoutMinutes: 4 }, IDLE_RANGE],
      [{ idleTimeoutMinutes: 61 }, IDLE_RANGE],
      [{ idleTimeoutMinutes: 7.5 }, IDLE_RANGE],
      [{ defaultConsultationFee: -1 }, FEE_RANGE],
      [{ defaultConsultationFee: 'abc' }, FEE_RANGE],
      [{ timeZone: 'Mars/Olympus' }, INVALID_TIME_ZONE],
      [{ phone: '12' }, 'Please enter a valid phone number'],
      [{ logo: 'data:image/gif;base64,R0lGODlh' }, LOGO_TYPE],
      [{ logo: `data:image/png;base64,${Buffer.from('not a png at all').toString('base64')}` }, LOGO_TYPE],
      [{ logo: png(Buffer.concat([PNG, Buffer.alloc(70 * 1024)])) }, LOGO_TOO_LARGE],
    ];
    for (const [body, message] of cases) {
      const res = await call(a.token, 'PUT', body);
      const label = JSON.stringify(body).slice(0, 80);
      expect(res.statusCode, label).toBe(400);
      expect(res.json().message, label).toBe(message);
    }
    expect(await settingsOf(a.token)).toMatchObject({ idleTimeoutMinutes: 15, defaultConsultationFee: 7500 });
  });

  it("refuses another hospital's licence (409) and frees the old one when the licence changes", async () => {
    const taken = await call(a.token, 'PUT', { licenseNumber: b.hospitalData.licenseNumber });
    expect(taken.statusCode).toBe(409);
    expect(taken.json().message).toBe('A hospital with this information already exists');
    const fresh = registrationInput().hospitalData.licenseNumber;
    const moved = await call(a.token, 'PUT', { licenseNumber: fresh.toLowerCase() });
    expect(moved.statusCode, moved.body).toBe(200);
    expect(moved.json().data.settings.licenseNumber).toBe(fresh);
    const reused = await call(b.token, 'PUT', { licenseNumber: a.hospitalData.licenseNumber });
    expect(reused.statusCode, reused.body).toBe(200);
  });

  it('removes the logo with null and writes nothing when nothing changes', async () => {
    const removed = await call(a.token, 'PUT', { logo: null });
    expect(removed.json().data.settings.logo).toBeNull();
    const before = (await t.platform.store.readStream(`hospital-${a.hospital.id}`)).length;
    expect((await call(a.token, 'PUT', { idleTimeoutMinutes: 15, logo: null })).statusCode).toBe(200);
    expect((await t.platform.store.readStream(`hospital-${a.hospital.id}`)).length).toBe(before);
  });
});
