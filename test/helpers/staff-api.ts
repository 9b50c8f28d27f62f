import { randomUUID } from 'node:crypto';
import path from 'node:path';
import type { HttpApp } from '../../src/platform/platform';
import { randomIp } from './onboard';
import { readOutbox, type OutboxMail } from './outbox';

/**
 * Staff accounts made the way an administrator makes them: POST /api/users, the invitation
 * read from the outbox, and a real sign-in at POST /api/auth/login.
 */
type TestAppLike = { app: HttpApp; dataDir: string };

export type Invitation = { employeeId: string; temporaryPassword: string; text: string; mail: OutboxMail };
export type Hired = { id: string; email: string; employeeId: string; password: string; role: string };

export const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

/** Undoes quoted-printable soft line breaks and escapes, so credentials read as the person sees them. */
export function decodeQuotedPrintable(raw: string): string {
  return raw
    .replace(/=\r?\n/g, '')
    .replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));
}

/**
 * The newest invitation mailed to `email`: the credentials standing on lines of their own. Waits a
 * little for the file: under load, hiring answers "the invitation email is on its way" before the
 * mail reactor has written it.
 */
export async function readInvitation(t: TestAppLike, email: string, timeoutMs = 30_000): Promise<Invitation> {
  const deadline = Date.now() + timeoutMs;
  let mails = await readOutbox(path.join(t.dataDir, 'outbox'), email);
  while (mails.length === 0 && Date.now() < deadline) {
    await new Promise((r) => setTimeout(r, 100));
    mails = await readOutbox(path.join(t.dataDir, 'outbox'), email);
  }
  const mail = mails[mails.length - 1];
  if (!mail) throw new Error(`No mail to ${email}`);
  const text = decodeQuotedPrintable(mail.raw);
  const employeeId = /^Employee ID: (\S+)\s*$/m.exec(text)?.[1];
  const temporaryPassword = /^Temporary password: (\S+)\s*$/m.exec(text)?.[1];
  if (!employeeId || !temporaryPassword) throw new Error(`No credentials in ${mail.file}`);
  return { employeeId, temporaryPassword, text, mail };
}

export function uniqueEmail(prefix = 'staff'): string {
  return `${prefix}-${randomUUID().slice(0, 8)}@stluke.test`;
}

/** Creates a staff member through the API and returns the credentials from the invitation. */
export async function hireStaff(
  t: TestAppLike,
  adminToken: string,
  input: { role: string; email?: string; firstName?: string; lastName?: string },
): Promise<Hired> {
  const email = input.email ?? uniqueEmail(input.role);
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/users',
    headers: bearer(adminToken),
    payload: { firstName: input.firstName ?? 'Chidi', lastName: input.lastName ?? 'Eze', email, role: input.role },
  });
  if (res.statusCode !== 201) throw new Error(`creating a ${input.role} failed: ${res.statusCode} ${res.body}`);
  const user = res.json().data.user;
  const invitation = await readInvitation(t, email);
  return {
    id: user.id,
    email: user.email,
    employeeId: user.employeeId,
    password: invitation.temporaryPassword,
    role: user.role,
  };
}

/** A staff sign-in, from a fresh client address unless `ip` is given (locks are per address). */
export async function staffLogin(t: TestAppLike, email: string, password: string, ip = randomIp()) {
  return t.app.inject({
    method: 'POST',
    url: '/api/auth/login',
    headers: { 'x-forwarded-for': ip },
    payload: { email, password },
  });
}

/** A password no strength rule refuses, for staff who replace their temporary one. */
export function chosenPassword(): string {
  return `Okra-Harmattan-${randomUUID().slice(0, 12)}`;
}

/**
 * Replaces a signed-in staff member's temporary password, as the forced first-login dialog does;
 * the session that changed it stays open and may now use every route its role allows. From a fresh
 * client address, as `staffLogin`: the route's limit is per address, and the files of a worker share an app.
 */
export async function changeTemporaryPassword(
  t: TestAppLike,
  token: string,
  temporaryPassword: string,
  newPassword = chosenPassword(),
): Promise<string> {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/auth/change-password',
    headers: { ...bearer(token), 'content-type': 'application/json', 'x-forwarded-for': randomIp() },
    payload: { currentPassword: temporaryPassword, newPassword, confirmPassword: newPassword },
  });
  if (res.statusCode !== 200) throw new Error(`password change failed: ${res.statusCode} ${res.body}`);
  return newPassword;
}

/**
 * A signed-in staff member of `role`: hired through the API, signed in with the emailed temporary
 * password, which is then changed (until it is, the server answers the session only on its own
 * profile, password and sign-out). `password` is the new one; `temporaryPassword` the emailed one.
 */
export async function hireAndSignIn(t: TestAppLike, adminToken: string, role: string) {
  const hired = await hireStaff(t, adminToken, { role });
  const res = await staffLogin(t, hired.email, hired.password);
  if (res.statusCode !== 200) throw new Error(`sign-in as ${role} failed: ${res.statusCode} ${res.body}`);
  const token = res.json().data.token as string;
  const password = await changeTemporaryPassword(t, token, hired.password);
  return { ...hired, temporaryPassword: hired.password, password, token };
}

/** Moves the admin's hospital to the Hospital plan (no seat limit), for tests that hire more than six staff. */
export async function upgradeToHospitalPlan(t: TestAppLike, adminToken: string): Promise<void> {
  const res = await t.app.inject({
    method: 'PUT',
    url: '/api/users/plan',
    headers: bearer(adminToken),
    payload: { plan: 'hospital' },
  });
  if (res.statusCode !== 200) throw new Error(`plan change failed: ${res.statusCode} ${res.body}`);
}

export type UsersPage = {
  users: { id: string; email: string; employeeId: string }[];
  pagination: { page: number; limit: number; total: number; pages: number };
};

/**
 * The /api/users calls as one admin. Takes getters because suites create the app and the
 * hospital in beforeAll, after these helpers are made.
 */
export function usersApi(app: () => TestAppLike, adminToken: () => string) {
  return {
    post: (payload: object, token = adminToken()) =>
      app().app.inject({ method: 'POST', url: '/api/users', headers: bearer(token), payload }),
    put: (id: string, payload: object, headers: Record<string, string> = {}) =>
      app().app.inject({
        method: 'PUT',
        url: `/api/users/${id}`,
        headers: { ...bearer(adminToken()), ...headers },
        payload,
      }),
    list: async (query: string): Promise<UsersPage> => {
      const res = await app().app.inject({ method: 'GET', url: `/api/users?${query}`, headers: bearer(adminToken()) });
      if (res.statusCode !== 200) throw new Error(`list failed: ${res.statusCode} ${res.body}`);
      return res.json().data as UsersPage;
    },
  };
}
