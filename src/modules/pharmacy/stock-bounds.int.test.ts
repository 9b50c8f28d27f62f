import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { clinicalApi } from '../../../test/helpers/clinical-api';
import { startTestApp, type TestApp } from '../../../test/helpers/app';
import { onboardHospital } from '../../../test/helpers/onboard';
import { hireAndSignIn } from '../../../test/helpers/staff-api';
import { MAX_BATCH_STOCK } from './decider';

/**
 * Quantities are numbers within bounds: a huge adjustment, a boolean or an array is a 400 in the
 * envelope, and a batch that would pass its maximum stock is a 409; none of them writes an event.
 */
describe('stock quantities within bounds', () => {
  let t: TestApp;
  let pharmacist: string;
  const api = clinicalApi(() => t);

  beforeAll(async () => {
    t = await startTestApp();
    const a = await onboardHospital(t);
    pharmacist = (await hireAndSignIn(t, a.token, 'pharmacist')).token;
  });
  afterAll(async () => t?.close());

  /** Runs `act` and expects it to leave the event store as it was. */
  const writesNothing = async (act: () => Promise<void>) => {
    const before = await t.platform.store.headPosition();
    await act();
    expect(await t.platform.store.headPosition()).toEqual(before);
  };

  it('refuses quantities that are not numbers or are out of bounds with 400, writing nothing', async () => {
    const med = await api.stock(pharmacist, { name: 'Amoxicillin 500mg', quantity: 10 });
    const cases: [string, object][] = [
      ['adjustments', { quantity: 9007199254740991, reason: 'Count' }],
      ['adjustments', { quantity: -9007199254740991, reason: 'Count' }],
      ['adjustments', { quantity: 10_000_001, reason: 'Count' }],
      ['adjustments', { quantity: true, reason: 'Count' }],
      ['adjustments', { quantity: [1], reason: 'Count' }],
      ['receipts', { quantity: true }],
      ['receipts', { quantity: [5] }],
      ['receipts', { quantity: '' }],
      ['receipts', { quantity: null }],
      ['receipts', { quantity: 9007199254740991 }],
    ];
    await writesNothing(async () => {
      for (const [what, body] of cases) {
        const res = await api.call(pharmacist, 'POST', `/api/inventory/medications/${med.id}/${what}`, body);
        expect(res.statusCode, `${what} ${JSON.stringify(body)}: ${res.body}`).toBe(400);
        expect(res.json()).toMatchObject({ success: false, errors: [{ field: 'quantity' }] });
      }
      const created = await api.call(pharmacist, 'POST', '/api/inventory/medications', {
        name: 'Paracetamol',
        batchNumber: 'B-2',
        vendor: 'Emzor',
        expiryDate: '2099-01-01',
        quantity: true,
        reorderLevel: [3],
      });
      expect(created.statusCode).toBe(400);
      expect(
        created
          .json()
          .errors.map((e: { field: string }) => e.field)
          .sort(),
      ).toEqual(['quantity', 'reorderLevel']);
    });
    expect((await t.platform.store.readStream(`medication-${med.id}`)).map((e) => e.type)).toEqual([
      'MedicationStocked',
    ]);
    // A form field's digits are still a number.
    const typed = await api.call(pharmacist, 'POST', `/api/inventory/medications/${med.id}/receipts`, {
      quantity: ' 5 ',
    });
    expect(typed.statusCode, typed.body).toBe(201);
    expect(typed.json().data.medication.stockQuantity).toBe(15);
  });

  it('refuses a receipt or an adjustment that would take a batch above its maximum stock with 409', async () => {
    const med = await api.stock(pharmacist, { name: 'Oral Rehydration Salts', quantity: 10_000_000 });
    const adjusted = await api.call(pharmacist, 'POST', `/api/inventory/medications/${med.id}/adjustments`, {
      quantity: MAX_BATCH_STOCK - 10_000_000 - 5,
      reason: 'Count',
    });
    // Above the bound of one adjustment: refused before the batch is even read.
    expect(adjusted.statusCode).toBe(400);
    for (let stock = 10_000_000; stock < MAX_BATCH_STOCK - 10_000_000; stock += 10_000_000) {
      const res = await api.call(pharmacist, 'POST', `/api/inventory/medications/${med.id}/receipts`, {
        quantity: 10_000_000,
      });
      expect(res.statusCode, res.body).toBe(201);
    }
    const full = await api.call(pharmacist, 'POST', `/api/inventory/medications/${med.id}/adjustments`, {
      quantity: 9_999_995,
      reason: 'Count',
    });
    expect(full.json().data.medication.stockQuantity).toBe(MAX_BATCH_STOCK - 5);

    await writesNothing(async () => {
      for (const [what, body] of [
        ['receipts', { quantity: 6 }],
        ['receipts', { quantity: 10_000_000 }],
        ['adjustments', { quantity: 6, reason: 'Count' }],
      ] as const) {
        const res = await api.call(pharmacist, 'POST', `/api/inventory/medications/${med.id}/${what}`, body);
        expect(res.statusCode, res.body).toBe(409);
        expect(res.json()).toMatchObject({
          success: false,
          code: 'STOCK_ABOVE_MAXIMUM',
          message: `A batch holds at most ${MAX_BATCH_STOCK.toLocaleString('en-NG')} units (${(MAX_BATCH_STOCK - 5).toLocaleString('en-NG')} in stock)`,
        });
      }
    });
    const last = await api.call(pharmacist, 'POST', `/api/inventory/medications/${med.id}/receipts`, { quantity: 5 });
    expect(last.json().data.medication.stockQuantity).toBe(MAX_BATCH_STOCK);

    // Enough full batches of one name that their sum passes a 32-bit integer: the inventory's
    // groups and the stock report add them up all the same.
    const batches = Math.floor(2 ** 31 / MAX_BATCH_STOCK) + 1;
    await Promise.all(
      Array.from({ length: batches - 1 }, async () => {
        const more = await api.stock(pharmacist, { name: 'Oral Rehydration Salts', quantity: 10_000_000 });
        for (let stock = 10_000_000; stock < MAX_BATCH_STOCK; stock += 10_000_000) {
          const res = await api.call(pharmacist, 'POST', `/api/inventory/medications/${more.id}/receipts`, {
            quantity: 10_000_000,
          });
          expect(res.statusCode, res.body).toBe(201);
        }
      }),
    );
    const total = batches * MAX_BATCH_STOCK;
    expect(total).toBeGreaterThan(2 ** 31);
    const groups = await api.call(pharmacist, 'GET', '/api/inventory/medications/groups');
    expect(groups.statusCode, groups.body).toBe(200);
    const group = groups.json().data.groups.find((g: { name: string }) => g.name === 'Oral Rehydration Salts');
    expect(group).toMatchObject({ batches, stockQuantity: total });
    const report = await api.call(pharmacist, 'GET', '/api/pharmacy/reports/stock');
    expect(report.statusCode, report.body).toBe(200);
    const row = report.json().data.rows.find((r: { name: string }) => r.name === 'Oral Rehydration Salts');
    expect(row).toMatchObject({ onHand: total, received: total - 9_999_995, adjusted: 9_999_995 });
  });
});
