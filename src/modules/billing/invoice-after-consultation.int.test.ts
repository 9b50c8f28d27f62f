import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../../test/helpers/app';
import { billingApi } from '../../../test/helpers/billing-api';
import { clinicalApi } from '../../../test/helpers/clinical-api';
import { onboardHospital } from '../../../test/helpers/onboard';
import { patientsApi } from '../../../test/helpers/patients-api';
import { hireAndSignIn } from '../../../test/helpers/staff-api';
import type { AppModule } from '../../platform/platform';
import { modules } from '..';
import { BILLING_INVOICING } from './reactors/invoicing';

/** Billing's real invoicing reactor, made to take its time over each consultation, as on a busy server. */
const REACTOR_DELAY_MS = 1500;
const withSlowInvoicing: AppModule[] = modules.map((m) =>
  m.name !== 'billing' || !m.reactors
    ? m
    : {
        ...m,
        reactors: (platform) =>
          m.reactors!(platform).map((r) =>
            r.name !== BILLING_INVOICING.name
              ? r
              : {
                  ...r,
                  react: async (event) => {
                    if (event.type === 'ConsultationRecorded')
                      await new Promise((resolve) => setTimeout(resolve, REACTOR_DELAY_MS));
                    return r.react(event);
                  },
                },
          ),
      },
);

describe("the invoice a consultation raises, reached from the consultation's answer", () => {
  let t: TestApp;
  const tokens: Record<string, string> = {};
  const billing = billingApi(() => t);
  const clinic = clinicalApi(() => t);
  const patients = patientsApi(() => t);

  beforeAll(async () => {
    t = await startTestApp({ modules: withSlowInvoicing });
    const admin = await onboardHospital(t);
    for (const role of ['doctor', 'receptionist', 'accountant'] as const)
      tokens[role] = (await hireAndSignIn(t, admin.token, role)).token;
  });
  afterAll(async () => t?.close());

  const consult = async () => {
    const p = await patients.registered(tokens.receptionist!);
    const res = await clinic.consult(tokens.doctor!, {
      patientId: p.id,
      chiefComplaint: 'Fever for three days',
      primaryDiagnosis: 'Malaria',
      billing: { consultationFee: '5000' },
    });
    expect(res.statusCode, res.body).toBe(201);
    return res.json() as { consultation: { id: string }; data: { invoiceId: string; consultation: { id: string } } };
  };

  it('names the invoice, and the invoice route finds it at once though billing has not caught up', async () => {
    const answer = await consult();
    expect(answer.data.invoiceId).toBe(answer.consultation.id);
    const invoice = await billing.invoice(tokens.accountant!, answer.data.invoiceId);
    expect(invoice).toMatchObject({ consultationId: answer.consultation.id, totalKobo: 500_000, status: 'unpaid' });
  });

  it('takes a payment on it straight after the consultation is saved', async () => {
    const answer = await consult();
    const paid = await billing.pay(tokens.accountant!, answer.data.invoiceId, { amount: '5000', method: 'cash' });
    expect(paid.statusCode, paid.body).toBe(201);
    expect(paid.json().data.invoice).toMatchObject({ status: 'paid', paidKobo: 500_000 });
  });

  it('still answers 404 for an id that names no invoice', async () => {
    const res = await billing.pay(tokens.accountant!, '00000000-0000-4000-8000-000000000000', {
      amount: '10',
      method: 'cash',
    });
    expect([res.statusCode, res.json().message]).toEqual([404, 'Invoice not found']);
  });
});
