import type { InjectOptions } from 'fastify';
import { BILLING_INVOICING, BILLING_LEDGER } from '../../src/modules/billing';
import type { TestApp } from './app';
import { asClient } from './patients-api';

export type InvoiceJson = {
  id: string;
  patientId: string;
  status: string;
  totalKobo: number;
  paidKobo: number;
  balanceKobo: number;
  lines: { kind: string; description: string; quantity: number; unitPriceKobo: number; amountKobo: number }[];
  payments: { id: string; amountKobo: number; method: string; receiptNumber: string }[];
  [key: string]: unknown;
};

/** The /api/billing calls as the spec's client makes them (JSON content type and Bearer on every call). */
export function billingApi(t: () => TestApp) {
  const call = (
    token: string,
    method: InjectOptions['method'],
    url: string,
    payload?: object,
    headers: Record<string, string> = {},
  ) => t().app.inject({ method, url, headers: { ...asClient(token), ...headers }, ...(payload ? { payload } : {}) });
  const expectOk = async (res: Awaited<ReturnType<typeof call>>, status = 200) => {
    if (res.statusCode !== status) throw new Error(`expected ${status}, got ${res.statusCode} ${res.body}`);
    return res.json();
  };
  return {
    call,
    expectOk,
    /** Until the invoicing reactor (and the ledger) have passed every event written so far. */
    settle: async () => {
      const head = await t().platform.store.headPosition();
      const caught = await t().platform.waitFor(head, [BILLING_INVOICING, { name: BILLING_LEDGER }], 10_000);
      if (!caught) throw new Error('billing did not catch up');
    },
    invoice: async (token: string, id: string): Promise<InvoiceJson> =>
      (await expectOk(await call(token, 'GET', `/api/billing/invoices/${id}`))).data.invoice,
    manual: async (token: string, patientId: string, unitPrice: number | string, description = 'Dressing') =>
      (
        await expectOk(
          await call(token, 'POST', '/api/billing/invoices', {
            patientId,
            lines: [{ kind: 'other', description, quantity: 1, unitPrice }],
          }),
          201,
        )
      ).data.invoice as InvoiceJson,
    pay: (token: string, invoiceId: string, body: object, key?: string) =>
      call(token, 'POST', `/api/billing/invoices/${invoiceId}/payments`, body, key ? { 'idempotency-key': key } : {}),
    dashboard: async (token: string) => (await expectOk(await call(token, 'GET', '/api/billing/dashboard'))).data,
  };
}

export const HMO = (code: string, coverage = { consultation: 80, medication: 50, lab: 100 }) => ({
  name: `${code} Health`,
  code,
  contact: 'claims@example.ng',
  coverage,
});

/** An HMO and a patient enrolled with it, as the accountant sets them up. */
export async function enrolledPatient(
  api: ReturnType<typeof billingApi>,
  token: string,
  patientId: string,
  hmo: object,
  enrolleeNumber = 'ENR-001',
) {
  const created = await api.expectOk(await api.call(token, 'POST', '/api/billing/hmos', hmo), 201);
  const hmoId = created.data.hmo.id as string;
  await api.expectOk(await api.call(token, 'PUT', `/api/billing/patients/${patientId}/hmo`, { hmoId, enrolleeNumber }));
  return hmoId;
}
