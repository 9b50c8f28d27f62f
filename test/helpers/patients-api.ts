import { randomInt } from 'node:crypto';
import type { InjectOptions } from 'fastify';
import { sharedTestApp, startTestApp, type TestApp } from './app';
import { onboardHospital, type Onboarded } from './onboard';
import { hireAndSignIn } from './staff-api';
import { withAppointmentsClock } from './booking-clock';

/** The spec's client: Bearer token and a JSON content type on every call, with or without a body. */
export const asClient = (token: string) => ({ authorization: `Bearer ${token}`, 'content-type': 'application/json' });

let seq = 0;
// Each test file has its own database; within one, numbers count up from a random start and never repeat.
const phoneBase = randomInt(0, 9_000_000);
const FIRST = ['Chinedu', 'Amaka', 'Tunde', 'Halima', 'Ifeoma', 'Musa', 'Yetunde', 'Obinna', 'Zainab', 'Segun'];
const LAST = ['Okeke', 'Adeleke', 'Bello', 'Nwachukwu', 'Lawal', 'Eze', 'Ogundipe', 'Danladi', 'Okoro', 'Ayodele'];

/**
 * A valid registration payload (product-spec-2 §3) that looks like nobody registered before:
 * its own phone number, names and identification number, so the likely-duplicate check stays quiet
 * unless a test means it not to.
 */
export function newPatient(overrides: Record<string, unknown> = {}) {
  const n = ++seq;
  const unique = `${Date.now().toString(36)}${randomInt(0, 36 ** 4).toString(36)}${n}`;
  return {
    firstName: FIRST[n % FIRST.length],
    lastName: `${LAST[n % LAST.length]}-${unique}`,
    dateOfBirth: `19${60 + (n % 40)}-0${1 + (n % 9)}-1${n % 10}`,
    gender: n % 2 ? 'Female' : 'Male',
    phoneNumber: `+234 806 ${String((phoneBase + n) % 10_000_000)
      .padStart(7, '0')
      .replace(/^(\d{3})/, '$1 ')}`,
    address: `${n} Awolowo Road, Ikoyi, Lagos`,
    identificationNumber: `pat${unique}`,
    emergencyContactName: 'Ngozi Okeke',
    emergencyContactRelationship: 'Sister',
    emergencyContactPhone: '',
    ...overrides,
  };
}

export type PatientJson = {
  id: string;
  name: string;
  firstName: string;
  lastName: string;
  status: string;
  identificationNumber: string;
  phoneNumber: string;
  version: number;
  vitals: Record<string, unknown> | null;
  [key: string]: unknown;
};
export type PatientsPage = {
  patients: PatientJson[];
  pagination: { page: number; limit: number; totalPages: number; totalPatients: number; totalIsCapped?: boolean };
};

/** The /api/patients calls as the spec's client makes them. */
export function patientsApi(t: () => TestApp) {
  const call = (token: string, method: InjectOptions['method'], url: string, payload?: object) =>
    t().app.inject({ method, url, headers: asClient(token), ...(payload ? { payload } : {}) });
  return {
    call,
    register: (token: string, payload: object) => call(token, 'POST', '/api/patients', payload),
    /** Registers and returns the patient; throws on anything but 201. */
    registered: async (token: string, overrides: Record<string, unknown> = {}): Promise<PatientJson> => {
      const res = await call(token, 'POST', '/api/patients', newPatient(overrides));
      if (res.statusCode !== 201) throw new Error(`registration failed: ${res.statusCode} ${res.body}`);
      return res.json().data.patient;
    },
    list: async (token: string, query: string): Promise<PatientsPage> => {
      const res = await call(token, 'GET', `/api/patients?${query}`);
      if (res.statusCode !== 200) throw new Error(`list failed: ${res.statusCode} ${res.body}`);
      return res.json().data;
    },
    get: (token: string, id: string) => call(token, 'GET', `/api/patients/${id}`),
    edit: (token: string, id: string, payload: object) => call(token, 'PUT', `/api/patients/${id}`, payload),
    status: (token: string, id: string, payload: object) => call(token, 'PATCH', `/api/patients/${id}/status`, payload),
    vitals: (token: string, id: string, payload: object) => call(token, 'POST', `/api/patients/${id}/vitals`, payload),
    remove: (token: string, id: string) => call(token, 'DELETE', `/api/patients/${id}`),
    stats: async (token: string) => {
      const res = await call(token, 'GET', '/api/patients/stats');
      if (res.statusCode !== 200) throw new Error(`stats failed: ${res.statusCode} ${res.body}`);
      return res.json().data as {
        totalPatients: number;
        byStatus: Record<string, number>;
        registeredToday: number;
        seenCount: number;
      };
    },
  };
}

export const STAFF_ROLES = ['doctor', 'nurse', 'receptionist', 'lab_technician', 'pharmacist', 'accountant'] as const;
export type PatientsSuite = {
  t: TestApp;
  /** Hospital A with a signed-in account per role (admin included); hospital B with its admin. */
  a: Onboarded;
  b: Onboarded;
  tokens: Record<'admin' | (typeof STAFF_ROLES)[number], string>;
  /** Hospital B's receptionist. */
  otherReceptionist: string;
};

/**
 * Two fresh hospitals; `roles` of hospital A are hired and signed in (all by default). They live on the
 * worker's shared app (`sharedTestApp`), unless the file needs an app of its own: `ownApp`, or a clock.
 */
export async function startPatientsSuite(
  roles: readonly (typeof STAFF_ROLES)[number][] = STAFF_ROLES,
  options: { appointmentsClock?: () => Date; ownApp?: boolean } = {},
): Promise<PatientsSuite> {
  const clock = options.appointmentsClock;
  const t =
    clock || options.ownApp
      ? await startTestApp(clock ? { modules: withAppointmentsClock(clock) } : {})
      : await sharedTestApp();
  const [a, b] = await Promise.all([onboardHospital(t), onboardHospital(t)]);
  const tokens = { admin: a.token } as PatientsSuite['tokens'];
  for (const role of roles) tokens[role] = (await hireAndSignIn(t, a.token, role)).token;
  const otherReceptionist = (await hireAndSignIn(t, b.token, 'receptionist')).token;
  return { t, a, b, tokens, otherReceptionist };
}
