import { randomInt } from 'node:crypto';
import path from 'node:path';
import type { HttpApp } from '../../src/platform/platform';
import { readVerificationCode } from './outbox';

export type HospitalData = {
  name: string;
  registrationNumber: string;
  licenseNumber: string;
  hospitalNumber: string;
  email: string;
};
export type AdminData = {
  fullName: string;
  jobTitle: string;
  email: string;
  password: string;
  confirmPassword: string;
};

export const ADMIN_PASSWORD = 'Harmattan-Breeze-2024';

const digits = (n: number) => Array.from({ length: n }, () => randomInt(0, 10)).join('');
const tag = () => `${Date.now().toString(36)}${randomInt(0, 1e9).toString(36)}`;

/** Valid, unique registration input (product-spec-1 §5), with `overrides` applied. */
export function registrationInput(
  overrides: { hospitalData?: Partial<HospitalData>; adminData?: Partial<AdminData> } = {},
): { hospitalData: HospitalData; adminData: AdminData } {
  const id = tag();
  const password = overrides.adminData?.password ?? ADMIN_PASSWORD;
  return {
    hospitalData: {
      name: `St. Luke Clinic ${id}`,
      registrationNumber: `RGN/LAG/2024/${String(randomInt(1, 10_000_000)).padStart(7, '0')}`,
      licenseNumber: `HEFAMAA/LAG/2024/CLI/${digits(6)}`,
      hospitalNumber: `DVC/2024/${digits(6)}`,
      email: `info-${id}@stluke.test`,
      ...overrides.hospitalData,
    },
    adminData: {
      fullName: 'Ada Okafor',
      jobTitle: 'Medical Director',
      email: `ada-${id}@stluke.test`,
      password,
      confirmPassword: password,
      ...overrides.adminData,
    },
  };
}

/**
 * The cookie a registration answer binds its browser with (issue 33), as a `cookie` request header
 * value: verify and resend act only on that browser's registration.
 */
export function registrationCookie(answer: { headers: Record<string, unknown> | Headers }): string {
  const raw =
    answer.headers instanceof Headers
      ? answer.headers.getSetCookie().join('\n')
      : ([answer.headers['set-cookie'] ?? []] as unknown[]).flat().join('\n');
  const match = /hms_registration=([^;\s]+)/.exec(raw);
  if (!match) throw new Error('The registration answer set no hms_registration cookie');
  return `hms_registration=${match[1]}`;
}

/** A different client address per call, so many onboardings in one test file stay under the per-IP limits. */
export function randomIp(): string {
  return `10.${randomInt(0, 256)}.${randomInt(0, 256)}.${randomInt(1, 255)}`;
}

export type Onboarded = {
  token: string;
  admin: { id: string; name: string; email: string; jobTitle: string };
  hospital: { id: string; hospitalId: string; name: string; status: string; setupStatus: string };
  adminEmail: string;
  adminPassword: string;
  hospitalData: HospitalData;
};

/**
 * Registers and verifies a hospital through the real HTTP API, reading the code from the
 * outbox, and returns the admin's token. Pass the test app (`startTestApp()`'s result): it needs
 * both `app` and `dataDir`.
 */
export async function onboardHospital(
  t: { app: HttpApp; dataDir: string },
  overrides: { hospitalData?: Partial<HospitalData>; adminData?: Partial<AdminData> } = {},
): Promise<Onboarded> {
  const input = registrationInput(overrides);
  const headers = { 'x-forwarded-for': randomIp() };
  const registered = await t.app.inject({
    method: 'POST',
    url: '/api/hospital/register-with-verification',
    headers,
    payload: input,
  });
  if (registered.statusCode !== 200)
    throw new Error(`registration failed: ${registered.statusCode} ${registered.body}`);
  const code = await readVerificationCode(path.join(t.dataDir, 'outbox'), input.adminData.email);
  const verify = () =>
    t.app.inject({
      method: 'POST',
      url: '/api/hospital/verify-email',
      headers: { ...headers, cookie: registrationCookie(registered) },
      payload: { email: input.adminData.email, token: code },
    });
  let verified = await verify();
  // 202: verified, the hospital still being set up (the onboarding reactor more than 10 s behind on
  // a loaded machine). The same code sent again resumes the verification, as the screen's retry does.
  for (const until = Date.now() + 60_000; verified.statusCode === 202 && Date.now() < until;) {
    await new Promise((resolve) => setTimeout(resolve, 500));
    verified = await verify();
  }
  if (verified.statusCode !== 200) throw new Error(`verification failed: ${verified.statusCode} ${verified.body}`);
  const body = verified.json();
  return {
    token: body.token,
    admin: body.admin,
    hospital: body.hospital,
    adminEmail: input.adminData.email.toLowerCase(),
    adminPassword: input.adminData.password,
    hospitalData: input.hospitalData,
  };
}

/**
 * One API sign-in as the hospital's admin, so the browser's is not the admin's first (the first
 * forces a password change). Browser files that open the admin's screens call it after onboarding.
 */
export async function signInAdminOnce(t: { app: HttpApp }, hospital: Onboarded): Promise<void> {
  const first = await t.app.inject({
    method: 'POST',
    url: '/api/admin/login',
    headers: { 'x-forwarded-for': randomIp() },
    payload: { email: hospital.adminEmail, password: hospital.adminPassword },
  });
  if (first.statusCode !== 200) throw new Error(`admin sign-in failed: ${first.statusCode} ${first.body}`);
}
