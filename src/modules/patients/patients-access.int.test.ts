import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  asClient,
  newPatient,
  patientsApi,
  startPatientsSuite,
  type PatientsSuite,
} from '../../../test/helpers/patients-api';
import { hireAndSignIn } from '../../../test/helpers/staff-api';

type Role = keyof PatientsSuite['tokens'];
const ROLES: Role[] = ['admin', 'doctor', 'nurse', 'receptionist', 'lab_technician', 'pharmacist', 'accountant'];
const denied = (what: string) => `Access denied. You do not have permission to ${what}.`;

describe('who may do what with patients', () => {
  let s: PatientsSuite;
  const api = patientsApi(() => s.t);
  let otherNurse: string;

  beforeAll(async () => {
    s = await startPatientsSuite();
    otherNurse = (await hireAndSignIn(s.t, s.b.token, 'nurse')).token;
  });
  afterAll(async () => s?.t.close());

  const fresh = () => api.registered(s.tokens.receptionist);

  /** Each route with the roles it admits, the refusal's message, and a call that succeeds for them. */
  const routes: {
    name: string;
    allowed: Role[];
    message: string;
    call: (token: string) => Promise<{ statusCode: number; json: () => { message?: string } }>;
  }[] = [
    {
      name: 'GET /api/patients',
      allowed: ['admin', 'doctor', 'nurse', 'receptionist'],
      message: denied('view patients'),
      call: (t) => api.call(t, 'GET', '/api/patients'),
    },
    {
      name: 'GET /api/patients/stats',
      allowed: ['admin', 'doctor', 'nurse', 'receptionist'],
      message: denied('view patients'),
      call: (t) => api.call(t, 'GET', '/api/patients/stats'),
    },
    {
      name: 'GET /api/patients/{id}',
      allowed: ['admin', 'doctor', 'nurse', 'receptionist'],
      message: denied('view patients'),
      call: async (t) => api.get(t, (await fresh()).id),
    },
    {
      name: 'POST /api/patients',
      allowed: ['admin', 'receptionist'],
      message: denied('register patients'),
      call: (t) => api.register(t, newPatient()),
    },
    {
      name: 'PUT /api/patients/{id}',
      allowed: ['admin', 'receptionist'],
      message: denied('edit patients'),
      call: async (t) => api.edit(t, (await fresh()).id, { version: 1, address: 'New address' }),
    },
    {
      name: 'DELETE /api/patients/{id}',
      allowed: ['admin', 'receptionist'],
      message: denied('delete patients'),
      call: async (t) => api.remove(t, (await fresh()).id),
    },
    {
      name: 'PATCH /api/patients/{id}/status',
      allowed: ['admin', 'doctor', 'nurse'],
      message: denied('change patient status'),
      call: async (t) => api.status(t, (await fresh()).id, { status: 'consultation' }),
    },
    {
      name: 'POST /api/patients/{id}/vitals',
      allowed: ['doctor', 'nurse'],
      message: denied('record vitals'),
      call: async (t) => api.vitals(t, (await fresh()).id, { pulseRate: 80 }),
    },
  ];

  for (const route of routes) {
    it(`${route.name}: ${route.allowed.join(', ')} only`, async () => {
      for (const role of ROLES) {
        const res = await route.call(s.tokens[role]);
        if (route.allowed.includes(role)) {
          expect(res.statusCode, role).toBeLessThan(300);
        } else {
          expect(res.statusCode, role).toBe(403);
          expect(res.json().message, role).toBe(route.message);
        }
      }
    });
  }

  it('answers 401 without a token', async () => {
    const p = await fresh();
    for (const [method, url] of [
      ['GET', '/api/patients'],
      ['GET', '/api/patients/stats'],
      ['GET', `/api/patients/${p.id}`],
      ['POST', '/api/patients'],
      ['PUT', `/api/patients/${p.id}`],
      ['PATCH', `/api/patients/${p.id}/status`],
      ['POST', `/api/patients/${p.id}/vitals`],
      ['DELETE', `/api/patients/${p.id}`],
    ] as const) {
      const res = await s.t.app.inject({ method, url, headers: { 'content-type': 'application/json' } });
      expect(res.statusCode, `${method} ${url}`).toBe(401);
    }
  });

  it("answers 404 'Patient not found' for another hospital's patient on every route, and changes nothing", async () => {
    const p = await fresh();
    const theirs = [
      await api.get(s.b.token, p.id),
      await api.get(s.otherReceptionist, p.id),
      await api.edit(s.otherReceptionist, p.id, { version: 1, firstName: 'Stolen' }),
      await api.status(s.b.token, p.id, { status: 'discharged' }),
      await api.status(otherNurse, p.id, { status: 'discharged', version: 1 }),
      await api.vitals(otherNurse, p.id, { pulseRate: 80 }),
      await api.remove(s.otherReceptionist, p.id),
      await api.remove(s.b.token, p.id),
    ];
    for (const res of theirs) {
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ success: false, message: 'Patient not found' });
    }
    expect((await s.t.platform.store.readStream(`patient-${p.id}`)).length).toBe(1);
    expect((await api.get(s.tokens.doctor, p.id)).json().data).toMatchObject({ firstName: p.firstName, version: 1 });
    expect((await api.list(s.otherReceptionist, `search=${p.identificationNumber}`)).patients).toEqual([]);
  });

  it('sends the spec client headers on body-less calls without a JSON error', async () => {
    const p = await fresh();
    const res = await s.t.app.inject({
      method: 'DELETE',
      url: `/api/patients/${p.id}`,
      headers: asClient(s.tokens.admin),
    });
    expect(res.statusCode).toBe(200);
  });
});
