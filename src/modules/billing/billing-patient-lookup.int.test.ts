import { entriesOfRequest } from '../../../test/helpers/request-trail';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { billingApi } from '../../../test/helpers/billing-api';
import { patientsApi, startPatientsSuite, type PatientsSuite } from '../../../test/helpers/patients-api';

describe("The billing desk's patient lookup (issue 34 §2)", () => {
  let s: PatientsSuite;
  const api = billingApi(() => s.t);
  const patients = patientsApi(() => s.t);
  const lookup = (token: string, query: string) => api.call(token, 'GET', `/api/billing/patients?${query}`);

  beforeAll(async () => {
    s = await startPatientsSuite(['accountant', 'doctor']);
  });
  afterAll(async () => s?.t.close());

  it('finds a patient for the accountant by name, hospital number or phone, with nothing clinical', async () => {
    // The accountant may not read the patient list itself.
    expect((await patients.call(s.tokens.accountant, 'GET', '/api/patients?search=a')).statusCode).toBe(403);
    const ada = await patients.registered(s.tokens.admin, { firstName: 'Adaeze', lastName: 'Lookupwoman' });
    for (const term of ['lookupwoman', ada.identificationNumber, String(ada.contact).slice(-7)]) {
      const res = await lookup(s.tokens.accountant, `search=${encodeURIComponent(term)}`);
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json().data.patients).toEqual([
        {
          id: ada.id,
          name: `Adaeze ${ada.lastName}`,
          hospitalNumber: ada.identificationNumber,
          phone: ada.contact,
          dateOfBirth: expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/),
        },
      ]);
    }
  });

  it('is audited like a list read: who looked, what for and which patients were shown', async () => {
    const bola = await patients.registered(s.tokens.admin, { firstName: 'Bola', lastName: 'Auditedlookup' });
    const res = await lookup(s.tokens.accountant, 'search=auditedlookup');
    expect(res.statusCode).toBe(200);
    const rows = (await entriesOfRequest(s.t.platform.db, String(res.headers['x-request-id']))).map(
      ({ type, data }) => ({ type, data }),
    );
    expect(rows).toEqual([
      {
        type: 'RecordAccessed',
        data: expect.objectContaining({
          subjectType: 'patient',
          what: 'billing lookup',
          patientIds: [bola.id],
          query: expect.objectContaining({ search: 'auditedlookup' }),
        }),
      },
    ]);
  });

  it('refuses the clinical roles, keeps to the hospital, and answers a short search with a 400', async () => {
    const c = await patients.registered(s.tokens.admin, { lastName: 'Otherhospitalcheck' });
    expect((await lookup(s.tokens.doctor, 'search=otherhospitalcheck')).statusCode).toBe(403);
    const theirs = await lookup(s.b.token, 'search=otherhospitalcheck');
    expect(theirs.statusCode).toBe(200);
    expect(theirs.json().data.patients).toEqual([]);
    expect((await lookup(s.tokens.admin, 'search=otherhospitalcheck')).json().data.patients[0].id).toBe(c.id);
    const short = await lookup(s.tokens.accountant, 'search=a');
    expect(short.statusCode).toBe(400);
    expect(short.json()).toMatchObject({
      success: false,
      errors: [{ field: 'search', message: 'Search must be at least 2 characters long' }],
    });
  });
});
