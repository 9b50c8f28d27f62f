import { randomUUID } from 'node:crypto';
import { data, fromList, list, pick, today, type Action, type Json } from './day-staff';

/** The loops of the lab, the pharmacy, the accounts office and the administrators (see day-roles.ts). */
export const labTechnician: Action[] = [
  [
    6,
    async (s) => {
      const open = list<{ id: string; patientId: string }>(
        (await s.call('GET /api/lab/requests', '/api/lab/requests?status=pending&page=1&limit=10')).json,
        'requests',
      );
      const r = open[Math.floor(Math.random() * Math.min(3, open.length))]; // STAT first, then the oldest
      if (!r || !(await s.call('POST /api/lab/requests/:id/start', `/api/lab/requests/${r.id}/start`, {})).ok) return;
      // running the test
      if (!(await s.pause(60, 180))) return;
      const results = {
        results: { Haemoglobin: '13.2 g/dL', WBC: '6.1 x10^9/L' },
        notes: 'Within normal limits',
        conductedBy: null,
      };
      await s.call(
        'POST /api/lab/requests/:id/results',
        `/api/lab/requests/${r.id}/results`,
        results,
        {},
        {
          // The patient's 'test complete' rides in the results' commit once the consultation's last test is in.
          keys: [`LAB_RESULTS_READY:${r.id}`, `patient_status_changed:${r.patientId}:test complete`],
          via: 'lab results',
        },
      );
    },
  ],
  [
    2,
    async (s) => {
      await s.call('GET /api/lab/stats', '/api/lab/stats?recent=1');
      await s.call('GET /api/lab/activity', '/api/lab/activity?page=1&limit=7');
    },
  ],
];

export const pharmacist: Action[] = [
  [
    6,
    async (s) => {
      const queue = (
        await s.call(
          'GET /api/consultations/prescriptions/pending',
          '/api/consultations/prescriptions/pending?page=1&limit=10',
        )
      ).json?.data as { consultationId: string }[] | undefined;
      const rx = pick(queue ?? []);
      if (!rx) return;
      // picking the medicines
      if (!(await s.pause(20, 60))) return;
      await s.call(
        'POST /api/consultations/prescriptions/:id/dispense',
        `/api/consultations/prescriptions/${rx.consultationId}/dispense`,
        {},
        {},
        { keys: [`PRESCRIPTION_DISPENSED:${rx.consultationId}`], via: 'dispense' },
      );
    },
  ],
  [
    2,
    async (s) => {
      await s.call('GET /api/pharmacy/stats', '/api/pharmacy/stats?recent=1');
      await s.call('GET /api/pharmacy/dispensations', '/api/pharmacy/dispensations?page=1&limit=7');
    },
  ],
  [
    1,
    async (s) => {
      const meds = list<{ id: string; stockQuantity: number; reorderLevel: number }>(
        (await s.call('GET /api/inventory/medications', '/api/inventory/medications')).json,
        'medications',
      );
      const low = meds.find((m) => m.stockQuantity <= m.reorderLevel * 2);
      if (low)
        await s.call('POST /api/inventory/medications/:id/receipts', `/api/inventory/medications/${low.id}/receipts`, {
          quantity: 5000,
          reason: 'Delivery from the central store',
        });
    },
  ],
  [1, async (s) => void (await s.call('GET /api/pharmacy/reports/dispensing', '/api/pharmacy/reports/dispensing'))],
];

export const accountant: Action[] = [
  [
    6,
    async (s) => {
      const unpaid = list<{ id: string }>(
        (await s.call('GET /api/billing/invoices', '/api/billing/invoices?page=1&limit=10&status=unpaid')).json,
        'invoices',
      );
      const inv = pick(unpaid);
      if (!inv) return;
      const detail = (data((await s.call('GET /api/billing/invoices/:id', `/api/billing/invoices/${inv.id}`)).json)
        .invoice ?? {}) as { balanceKobo?: number };
      if (!detail.balanceKobo) return;
      // the patient pays
      if (!(await s.pause(20, 60))) return;
      const a = await s.call(
        'POST /api/billing/invoices/:id/payments',
        `/api/billing/invoices/${inv.id}/payments`,
        { amount: (detail.balanceKobo / 100).toFixed(2), method: pick(['cash', 'pos', 'transfer']), reference: null },
        { 'idempotency-key': randomUUID() },
      );
      const paymentId = (data(a.json).payment as Json | undefined)?.id;
      if (paymentId) s.expectPushes(a, [`payment_received:${paymentId}`], 'payment');
    },
  ],
  [
    2,
    async (s) => {
      await s.call('GET /api/billing/dashboard', '/api/billing/dashboard');
      await s.call('GET /api/billing/payments', '/api/billing/payments?page=1&limit=10');
    },
  ],
  [
    1,
    async (s) => {
      await s.call('GET /api/billing/reports/revenue', `/api/billing/reports/revenue?from=${today()}&to=${today()}`);
      await s.call('GET /api/billing/activity', '/api/billing/activity?page=1&limit=10');
    },
  ],
];

export const admin: Action[] = [
  [
    4,
    async (s) => {
      const trail = list<{ id: string }>(
        (await s.call('GET /api/audit/events', '/api/audit/events?limit=50')).json,
        'entries',
      );
      const e = pick(trail);
      if (e) await s.call('GET /api/audit/events/:id', `/api/audit/events/${encodeURIComponent(e.id)}`);
    },
  ],
  [
    2,
    async (s) => {
      await s.call('GET /api/patients/stats', '/api/patients/stats');
      await s.call('GET /api/users/stats', '/api/users/stats');
      await s.call('GET /api/users', '/api/users?page=1&limit=10');
    },
  ],
  [
    2,
    async (s) => {
      const p = await fromList(s, pick(['seen', 'discharged'])!);
      if (p) await s.call('GET /api/patients/:id/history', `/api/patients/${p.id}/history`);
    },
  ],
  [1, async (s) => void (await s.call('GET /api/billing/reports/revenue', '/api/billing/reports/revenue'))],
  [
    1,
    async (s) => {
      // The audit screen's download: who opened which patients in the last hour, as a breach notice needs.
      // As the browser does it: asked for, followed every half second while the server prepares it, fetched.
      const from = new Date(Date.now() - 3_600_000).toISOString();
      const route = '/api/audit/access-report/exports';
      const asked = await s.call(`POST ${route}`, route, { from });
      const id = (data(asked.json) as { export?: { id: string } }).export?.id;
      if (!asked.ok || !id) return;
      type Prepared = { status: string; requestedAt: string; finishedAt: string | null };
      let seen: Prepared = { status: 'preparing', requestedAt: '', finishedAt: null };
      while (seen.status === 'preparing') {
        await new Promise((r) => setTimeout(r, 500));
        const answer = await s.call(`GET ${route}/:id`, `${route}/${id}`);
        if (!answer.ok) return;
        seen = (data(answer.json) as { export: Prepared }).export;
      }
      // The server's own times: from the request's row to the file's.
      if (seen.finishedAt) {
        const ms = Date.parse(seen.finishedAt) - Date.parse(seen.requestedAt);
        s.day.recorder.job('access report prepared (requested → ready, server clock)', ms);
      }
      if (seen.status === 'ready') await s.call(`GET ${route}/:id/csv`, `${route}/${id}/csv`);
    },
  ],
  [1, async (s) => void (await s.call('GET /api/lab/turnaround', '/api/lab/turnaround'))],
];
