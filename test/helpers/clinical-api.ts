import type { InjectOptions } from 'fastify';
import type { TestApp } from './app';
import { asClient } from './patients-api';

/** The clinical routes (consultations, prescriptions, lab, inventory) as the spec's client calls them. */
export function clinicalApi(t: () => TestApp) {
  const call = (token: string, method: InjectOptions['method'], url: string, payload?: object) =>
    t().app.inject({ method, url, headers: asClient(token), ...(payload ? { payload } : {}) });
  const expectOk = async (res: Awaited<ReturnType<typeof call>>, status = 200) => {
    if (res.statusCode !== status) throw new Error(`expected ${status}, got ${res.statusCode} ${res.body}`);
    return res.json();
  };
  return {
    call,
    /** Adds a batch to stock; returns the medication. */
    stock: async (token: string, body: Record<string, unknown>) =>
      (
        await expectOk(
          await call(token, 'POST', '/api/inventory/medications', {
            batchNumber: 'B-1',
            vendor: 'Emzor Pharmaceuticals',
            expiryDate: '2099-12-31',
            reorderLevel: 5,
            ...body,
          }),
          201,
        )
      ).data.medication as { id: string; stockQuantity: number; status: string; [k: string]: unknown },
    inventory: async (token: string) => (await expectOk(await call(token, 'GET', '/api/inventory/medications'))).data,
    consult: (token: string, body: object) => call(token, 'POST', '/api/consultations/create', body),
    pending: (token: string, query = '') => call(token, 'GET', `/api/consultations/prescriptions/pending${query}`),
    dispense: (token: string, consultationId: string, body?: object) =>
      call(token, 'POST', `/api/consultations/prescriptions/${consultationId}/dispense`, body),
  };
}
