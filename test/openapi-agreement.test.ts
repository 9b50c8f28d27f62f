import { Ajv, type AnySchema } from 'ajv';
import addFormats from 'ajv-formats';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newPatient, startPatientsSuite, type PatientsSuite } from './helpers/patients-api';
import { uniqueEmail } from './helpers/staff-api';

/**
 * The OpenAPI document and the server agree on what a request may hold: for a set of operations,
 * input the document's request schema forbids (a value outside an enum, a malformed e-mail or
 * date, a missing required field, a money field that is not an amount) is refused with 400, and
 * input it allows gets past validation (no 400). Each input is first checked against the
 * document itself with a JSON Schema validator, so a looser document fails this test too.
 */
type Operation = { requestBody?: { content: Record<string, { schema: unknown }> } };
type OpenApi = { paths: Record<string, Record<string, Operation>> };
type Case = {
  operation: string;
  url?: string;
  as: 'none' | 'admin' | 'receptionist' | 'doctor';
  forbidden: Record<string, unknown>[];
  allowed: Record<string, unknown>[];
};

/** OpenAPI 3.0's boolean exclusiveMinimum/Maximum, as the JSON Schema draft Ajv reads. */
function asJsonSchema(node: unknown): unknown {
  if (Array.isArray(node)) return node.map(asJsonSchema);
  if (typeof node !== 'object' || node === null) return node;
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(node)) out[k] = asJsonSchema(v);
  for (const [flag, bound] of [
    ['exclusiveMinimum', 'minimum'],
    ['exclusiveMaximum', 'maximum'],
  ] as const) {
    if (out[flag] === true) {
      out[flag] = out[bound];
      delete out[bound];
    } else if (out[flag] === false) delete out[flag];
  }
  return out;
}

const consultation = (patientId: string, billing: Record<string, unknown>) => ({
  patientId,
  chiefComplaint: 'Fever for three days',
  primaryDiagnosis: 'Malaria',
  billing,
});

describe('the OpenAPI document and the server agree on request bodies', () => {
  let s: PatientsSuite;
  let doc: OpenApi;
  let patientId: string;
  const ajv = new Ajv({ strict: false, allErrors: true });
  addFormats(ajv);

  beforeAll(async () => {
    s = await startPatientsSuite(['doctor', 'receptionist']);
    doc = (await s.t.app.inject({ method: 'GET', url: '/api/docs/json' })).json() as OpenApi;
    const registered = await s.t.app.inject({
      method: 'POST',
      url: '/api/patients',
      headers: { authorization: `Bearer ${s.tokens.receptionist}`, 'content-type': 'application/json' },
      payload: newPatient(),
    });
    patientId = registered.json().data.patient.id;
  });
  afterAll(async () => s?.t.close());

  const cases = (): Case[] => {
    const staff = { firstName: 'Ada', lastName: 'Obi', role: 'nurse' };
    return [
      {
        operation: 'post /api/auth/login',
        as: 'none',
        forbidden: [
          { email: 'ada@example.com' },
          { password: 'secret-123' },
          { email: 'not-an-email', password: 'x12345' },
        ],
        allowed: [{ email: 'nobody@example.com', password: 'secret-123' }],
      },
      {
        operation: 'post /api/admin/login',
        as: 'none',
        forbidden: [{ email: 'ada@example', password: 'secret-123' }, {}],
        allowed: [{ email: 'nobody@example.com', password: 'secret-123' }],
      },
      {
        operation: 'post /api/auth/change-password',
        as: 'doctor',
        forbidden: [{ newPassword: 'Harmattan-Breeze-2025' }, { currentPassword: 'whatever-it-is' }],
        allowed: [],
      },
      {
        operation: 'post /api/users',
        as: 'admin',
        forbidden: [
          { ...staff, email: uniqueEmail(), role: 'surgeon' },
          { ...staff, email: 'ada-at-example.com' },
          { firstName: 'Ada', lastName: 'Obi', email: uniqueEmail() },
        ],
        allowed: [
          { ...staff, email: uniqueEmail() },
          { ...staff, email: uniqueEmail(), role: 'lab_staff' },
        ],
      },
      {
        operation: 'post /api/patients',
        as: 'receptionist',
        forbidden: [newPatient({ gender: 'Unknown' }), newPatient({ dateOfBirth: '12/01/1990' })],
        allowed: [newPatient({ gender: 'Female', dateOfBirth: '1990-01-12' })],
      },
      {
        operation: 'post /api/billing/invoices/{id}/payments',
        url: '/api/billing/invoices/INV-NONE/payments',
        as: 'admin',
        forbidden: [
          { amount: 'five naira', method: 'cash' },
          { amount: 0, method: 'cash' },
          { amount: 10.001, method: 'cash' },
          { amount: 100, method: 'barter' },
        ],
        // Past validation, the invoice is looked up: it does not exist.
        allowed: [
          { amount: 100.5, method: 'cash' },
          { amount: '6,500.50', method: 'cash' },
        ],
      },
      {
        operation: 'post /api/consultations/create',
        as: 'doctor',
        forbidden: [
          consultation(patientId, { consultationFee: 'free' }),
          consultation(patientId, { consultationFee: -1 }),
          consultation(patientId, { additionalCharges: [{ description: 'Dressing' }] }),
        ],
        allowed: [
          consultation(patientId, { consultationFee: 2500.5 }),
          consultation(patientId, { consultationFee: '3000', additionalCharges: [{ description: 'X', amount: 10 }] }),
        ],
      },
    ];
  };

  it('refuses with 400 what the document forbids, and lets through what it allows', async () => {
    const disagreements: string[] = [];
    for (const c of cases()) {
      const [method, route] = c.operation.split(' ') as [string, string];
      const schema = doc.paths[route]?.[method]?.requestBody?.content['application/json']?.schema;
      expect(schema, c.operation).toBeDefined();
      const validate = ajv.compile(asJsonSchema(schema) as AnySchema);
      const token = c.as === 'none' ? undefined : s.tokens[c.as];
      const send = (payload: unknown) =>
        s.t.app.inject({
          method: method.toUpperCase() as 'POST',
          url: c.url ?? route,
          headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
          payload: JSON.stringify(payload),
        });
      for (const input of c.forbidden) {
        const res = await send(input);
        const said = validate(input) ? 'the document allows it' : 'forbidden';
        if (said !== 'forbidden' || res.statusCode !== 400)
          disagreements.push(`${c.operation} ${JSON.stringify(input)}: ${said}, server ${res.statusCode}`);
      }
      for (const input of c.allowed) {
        const res = await send(input);
        const said = validate(input) ? 'allowed' : `the document forbids it ${ajv.errorsText(validate.errors)}`;
        if (said !== 'allowed' || res.statusCode === 400)
          disagreements.push(`${c.operation} ${JSON.stringify(input)}: ${said}, server ${res.statusCode} ${res.body}`);
      }
    }
    expect(disagreements).toEqual([]);
  });
});
