import { sql } from 'kysely';
import { createDb, createPool, type Db } from '../src/platform/db/database';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { storedFormOf, type GlobalPosition, type RecordedEvent } from '../src/platform/event-store/port';
import { auditTrailProjection } from '../src/modules/audit/read-models/audit-trail';
import { applyProjectionBatch } from '../src/platform/projections/batches';
import { deleteCheckpoint } from '../src/platform/projections/checkpoints';
import { applyEvents, type Projection } from '../src/platform/projections/projection';
import { billingLedgerProjection } from '../src/modules/billing/read-models/ledger';
import { consultationsProjection } from '../src/modules/consultations/read-models/consultations';
import { labRequestsProjection } from '../src/modules/laboratory/read-models/lab-requests';
import { medicationStockProjection } from '../src/modules/pharmacy/read-models/medication-stock';
import { stockMovementsProjection } from '../src/modules/pharmacy/read-models/stock-movements';
import { notificationHistoryProjection } from '../src/modules/notifications/read-models/notification-history';
import { patientsListProjection } from '../src/modules/patients/read-models/patients-list';
import { startTestApp, type TestApp } from './helpers/app';
import { PROJECTION_ORACLES } from './projection-oracles';
import { seedHospitalFeed } from './helpers/hospital-feed';

/**
 * The batch handlers that make a rebuild fast must leave every table exactly as the handlers
 * applied event by event do. A hospital's feed (bench/rebuild.bench.ts's, smaller) is replayed into
 * each projection both ways, and the tables compared row for row; then the feed once more through
 * the batches, which must change nothing (idempotent by position).
 */
const CASES: [Projection, batched: string[], tables: string[]][] = [
  [
    consultationsProjection,
    ['ConsultationRecorded', 'PrescriptionIssued', 'PrescriptionDispensed'],
    ['consultations', 'prescription_dispensations'],
  ],
  [labRequestsProjection, ['LabRequestOrdered', 'LabTestStarted', 'LabResultsRecorded'], ['lab_requests']],
  [medicationStockProjection, ['StockReceived', 'StockAdjusted', 'MedicationDispensed'], ['pharmacy_medications']],
  [
    stockMovementsProjection,
    ['MedicationStocked', 'StockReceived', 'StockAdjusted', 'MedicationDispensed'],
    ['pharmacy_stock_movements'],
  ],
  [
    billingLedgerProjection,
    ['InvoiceRaised', 'PaymentRecorded'],
    ['billing_invoices', 'billing_payments', 'billing_activity'],
  ],
  // Not this change's, but its runs come from the same layering, which a status change twice in a page tests.
  [patientsListProjection, ['PatientRegistered', 'PatientStatusChanged', 'VitalsRecorded'], ['patients_list']],
];

describe('batch handlers of the busiest projections', () => {
  let t: TestApp;
  let pages: RecordedEvent[][];
  // The tables' owner: this compares handlers, and the audit trail's tables are append-only to the app role
  // (migration 0042), so only the owner can empty them between passes.
  let db: Db;

  beforeAll(async () => {
    t = await startTestApp({ startProjections: false });
    await seedHospitalFeed(
      t.platform.pool,
      { hospitalId: 'hospital-1', patients: 400, events: 4400, seed: 7 },
      () => {},
    );
    db = createDb(createPool(t.db.url, 4));
    pages = [];
    for (let after: GlobalPosition | null = null; ;) {
      const page = await t.platform.store.readAll({ after, limit: 500 });
      if (page.length === 0) break;
      pages.push(page);
      after = page[page.length - 1]!.globalPosition;
    }
  }, 120_000);
  afterAll(async () => {
    await db?.destroy();
    await t?.close();
  });

  it('notifications: the same messages and name copies event by event and a page at a time', async () => {
    const p = notificationHistoryProjection;
    const tables = ['notifications', 'notification_recipients', 'notification_patients'];
    await reset(p);
    // Each event a page of its own, in one transaction (thousands of commits would only add time).
    await db.transaction().execute(async (trx) => {
      for (const e of pages.flat()) await p.everyEvent!(trx, [e]);
    });
    const oneByOne = await snapshot(tables);
    expect(oneByOne.notifications!.length).toBeGreaterThan(1000);
    await reset(p);
    for (const page of pages) await db.transaction().execute((trx) => p.everyEvent!(trx, page));
    expect(await snapshot(tables)).toEqual(oneByOne);
  }, 240_000);

  it('audit trail: the same entries and chain from the feed read as stored as from events read again, one by one', async () => {
    const p = auditTrailProjection;
    const tables = ['audit_events', 'audit_chain_heads', 'audit_patient_views', 'audit_subjects', 'audit_actors'];
    const some = pages.slice(0, 4);
    const events = some.flat();
    // The feed read brings each event's stored form, so the trail does not read it a second time.
    expect(events.every((e) => storedFormOf(e) !== undefined)).toBe(true);
    await reset(p);
    // A copy lacks the stored form: the trail reads the event again from the events table.
    await db.transaction().execute(async (trx) => {
      for (const e of events) {
        const copy = { ...e };
        expect(storedFormOf(copy)).toBeUndefined();
        await p.everyEvent!(trx, [copy]);
      }
    });
    const oneByOne = await snapshot(tables);
    expect(oneByOne.audit_events!.length).toBe(events.length);
    expect(oneByOne.audit_patient_views!.length).toBeGreaterThan(0);
    await reset(p);
    for (const page of some) await db.transaction().execute((trx) => p.everyEvent!(trx, page));
    expect(await snapshot(tables)).toEqual(oneByOne);
  }, 240_000);

  it.each([
    [notificationHistoryProjection, ['notifications', 'notification_recipients', 'notification_patients']],
    [
      auditTrailProjection,
      ['audit_events', 'audit_chain_heads', 'audit_patient_views', 'audit_subjects', 'audit_actors'],
    ],
  ] as const)(
    "$name: a rebuild's pages, without conflict checks, write what the live batches do",
    async (p, tables) => {
      const pass = async (rebuilding: boolean, pages: RecordedEvent[][]) => {
        await db.transaction().execute(async (trx) => {
          await deleteCheckpoint(trx, p.name);
          await p.reset(trx);
        });
        let at: GlobalPosition | null = null;
        for (const page of pages) {
          const batch = await applyProjectionBatch(db, p, at, page, { rebuilding });
          expect(batch.applied).toBe(true);
          at = batch.checkpoint;
        }
        return snapshot(tables);
      };
      const live = await pass(false, pages);
      expect(live[tables[0]]!.length).toBeGreaterThan(1000);
      expect(await pass(true, pages)).toEqual(live);
      // The whole feed a page: more events than the trail writes in one insert (its PART).
      expect(pages.flat().length).toBeGreaterThan(2500);
      expect(await pass(true, [pages.flat()])).toEqual(live);
    },
    240_000,
  );

  const snapshot = async (tables: readonly string[]) => {
    const out: Record<string, unknown[]> = {};
    for (const table of tables) {
      // The chain's heads are appended a page at a time (migration 0043): what must agree is the newest.
      const { rows } =
        table === 'audit_chain_heads'
          ? await sql<{ row: unknown }>`select distinct on (hospital_id) to_jsonb(t) as row from audit_chain_heads t
              order by hospital_id, seq desc`.execute(db)
          : await sql<{ row: unknown }>`select to_jsonb(t) as row from ${sql.table(table)} t
              order by to_jsonb(t)::text`.execute(db);
      out[table] = rows.map((r) => r.row);
    }
    return out;
  };
  const reset = (p: Projection) => db.transaction().execute((trx) => p.reset(trx));

  it.each(CASES)('$name: the same tables one by one and in batches', async (projection, batched, tables) => {
    expect(Object.keys(projection.batchHandlers ?? {}).sort()).toEqual([...batched].sort());
    // Each batched type's oracle, where there is one, is a rule of this projection's.
    for (const type of Object.keys(PROJECTION_ORACLES[projection.name] ?? {})) expect(batched).toContain(type);
    const events = pages.flat();
    // The feed has runs for every batch handler to take.
    for (const type of batched.filter((b) => !['StockReceived', 'StockAdjusted'].includes(b))) {
      expect(events.filter((e) => e.type === type).length, type).toBeGreaterThan(50);
    }

    // The rule written the plain way (test/projection-oracles.ts), where a projection has one; the
    // projection's own handler (its batch handler given a run of one) for its other types.
    const oracle = { ...projection.handlers, ...PROJECTION_ORACLES[projection.name] };
    await reset(projection);
    await db.transaction().execute(async (trx) => {
      for (const e of events) await oracle[e.type]?.(trx, e);
    });
    const oneByOne = await snapshot(tables);
    expect(Object.values(oneByOne).every((rows) => rows.length > 0)).toBe(true);

    await reset(projection);
    for (const page of pages) await db.transaction().execute((trx) => applyEvents(projection, trx, page));
    expect(await snapshot(tables)).toEqual(oneByOne);

    for (const page of pages) await db.transaction().execute((trx) => applyEvents(projection, trx, page));
    expect(await snapshot(tables)).toEqual(oneByOne);
  });
});
