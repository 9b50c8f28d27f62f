import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { clinicalApi } from '../../../test/helpers/clinical-api';
import { startPatientsSuite, type PatientsSuite } from '../../../test/helpers/patients-api';
import { hireAndSignIn } from '../../../test/helpers/staff-api';

describe('pharmacy inventory', () => {
  let s: PatientsSuite;
  let otherPharmacist: string;
  const api = clinicalApi(() => s.t);

  beforeAll(async () => {
    s = await startPatientsSuite(['pharmacist', 'doctor', 'nurse']);
    otherPharmacist = (await hireAndSignIn(s.t, s.b.token, 'pharmacist')).token;
  });
  afterAll(async () => s?.t.close());

  it('adds a batch, lists it with its stock and status, and records receipts and adjustments as events', async () => {
    const med = await api.stock(s.tokens.pharmacist, { name: 'Amoxicillin 500mg', quantity: 12, reorderLevel: 10 });
    expect(med).toMatchObject({
      name: 'Amoxicillin 500mg',
      stockQuantity: 12,
      status: 'In Stock',
      vendor: 'Emzor Pharmaceuticals',
    });

    const adjusted = await api.call(s.tokens.pharmacist, 'POST', `/api/inventory/medications/${med.id}/adjustments`, {
      quantity: -3,
      reason: 'Broken blister packs',
    });
    expect(adjusted.statusCode).toBe(201);
    expect(adjusted.json().data.medication).toMatchObject({ stockQuantity: 9, status: 'Low Stock' });

    const received = await api.call(s.tokens.admin, 'POST', `/api/inventory/medications/${med.id}/receipts`, {
      quantity: 20,
      reason: 'Delivery',
    });
    expect(received.json().data.medication).toMatchObject({ stockQuantity: 29, status: 'In Stock' });

    const inv = await api.inventory(s.tokens.doctor);
    expect(inv.medications.find((m: { id: string }) => m.id === med.id)).toMatchObject({ stockQuantity: 29 });

    const events = await s.t.platform.store.readStream(`medication-${med.id}`);
    expect(events.map((e) => e.type)).toEqual(['MedicationStocked', 'StockAdjusted', 'StockReceived']);
    expect(events[1]!.data).toMatchObject({ quantity: -3, reason: 'Broken blister packs' });
    expect(events[1]!.metadata.actor.role).toBe('pharmacist');
  });

  it('shows Out of Stock at zero and refuses an adjustment below zero with 409', async () => {
    const med = await api.stock(s.tokens.pharmacist, { name: 'Artemether', quantity: 2, reorderLevel: 1 });
    const res = await api.call(s.tokens.pharmacist, 'POST', `/api/inventory/medications/${med.id}/adjustments`, {
      quantity: -3,
      reason: 'Count',
    });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ success: false, code: 'STOCK_BELOW_ZERO' });
    const zero = await api.call(s.tokens.pharmacist, 'POST', `/api/inventory/medications/${med.id}/adjustments`, {
      quantity: -2,
      reason: 'Expired',
    });
    expect(zero.json().data.medication).toMatchObject({ stockQuantity: 0, status: 'Out of Stock' });
  });

  it('answers each missing field with its message', async () => {
    const res = await api.call(s.tokens.pharmacist, 'POST', '/api/inventory/medications', { quantity: -1 });
    expect(res.statusCode).toBe(400);
    const messages = Object.fromEntries(
      res.json().errors.map((e: { field: string; message: string }) => [e.field, e.message]),
    );
    expect(messages).toMatchObject({
      name: 'Medication name is required',
      batchNumber: 'Batch number is required',
      vendor: 'Vendor is required',
      expiryDate: 'Expiry date is required',
      quantity: 'Quantity must be at least 0',
    });
    const reasonless = await api.call(s.tokens.pharmacist, 'POST', '/api/inventory/medications/x/adjustments', {
      quantity: 1,
    });
    expect(reasonless.json().errors[0]).toMatchObject({ field: 'reason', message: 'Reason is required' });
  });

  it('lets only pharmacists and the admin keep stock', async () => {
    for (const role of ['doctor', 'nurse'] as const) {
      const res = await api.call(s.tokens[role], 'POST', '/api/inventory/medications', {
        name: 'X',
        batchNumber: 'B',
        vendor: 'V',
        expiryDate: '2099-01-01',
        quantity: 1,
        reorderLevel: 0,
      });
      expect(res.statusCode).toBe(403);
    }
    expect((await api.call(s.tokens.nurse, 'GET', '/api/inventory/medications')).statusCode).toBe(403);
  });

  it('lists batches with stock expiring soon, soonest first, and groups batches by medication', async () => {
    const soon = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);
    const name = 'Oral Rehydration Salts';
    const later = await api.stock(s.tokens.pharmacist, { name, quantity: 4, expiryDate: soon(60), reorderLevel: 10 });
    const sooner = await api.stock(s.tokens.pharmacist, {
      name: name.toLowerCase(),
      quantity: 3,
      expiryDate: soon(10),
    });
    const empty = await api.stock(s.tokens.pharmacist, { name, quantity: 0, expiryDate: soon(5) });
    const far = await api.stock(s.tokens.pharmacist, { name, quantity: 8, expiryDate: soon(400) });
    const expired = await api.stock(s.tokens.pharmacist, { name, quantity: 8, expiryDate: '2021-06-30' });

    const res = await api.call(s.tokens.doctor, 'GET', '/api/inventory/medications/expiring-soon');
    expect(res.statusCode).toBe(200);
    const ids = res.json().data.medications.map((m: { id: string }) => m.id);
    expect(ids.filter((id: string) => [later.id, sooner.id, empty.id, far.id, expired.id].includes(id))).toEqual([
      sooner.id,
      later.id,
    ]);
    expect(res.json().data.days).toBe(90);
    const week = await api.call(s.tokens.pharmacist, 'GET', '/api/inventory/medications/expiring-soon?days=30');
    expect(week.json().data.medications.map((m: { id: string }) => m.id)).toContain(sooner.id);
    expect(week.json().data.medications.map((m: { id: string }) => m.id)).not.toContain(later.id);
    expect((await api.inventory(s.tokens.pharmacist)).summary.expiringSoon).toBeGreaterThanOrEqual(2);

    const groups = await api.call(s.tokens.pharmacist, 'GET', '/api/inventory/medications/groups');
    expect(
      groups.json().data.groups.find((g: { name: string }) => g.name.toLowerCase() === name.toLowerCase()),
    ).toEqual({
      medicationId: expect.any(String),
      name: expect.any(String),
      batches: 5,
      stockQuantity: 23,
      reorderLevel: 10,
      nextExpiry: '2021-06-30',
      status: 'In Stock',
    });
  });

  it("answers 404 for another hospital's batch and never lists it", async () => {
    const med = await api.stock(s.tokens.pharmacist, { name: 'Paracetamol', quantity: 5 });
    const res = await api.call(otherPharmacist, 'POST', `/api/inventory/medications/${med.id}/receipts`, {
      quantity: 1,
    });
    expect(res.statusCode).toBe(404);
    expect(res.json().message).toBe('Medication not found');
    expect((await api.inventory(otherPharmacist)).medications).toEqual([]);
  });
});
