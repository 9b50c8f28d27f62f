import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../../test/helpers/app';
import { billingApi } from '../../../test/helpers/billing-api';
import { clinicalApi } from '../../../test/helpers/clinical-api';
import { onboardHospital } from '../../../test/helpers/onboard';
import { patientsApi } from '../../../test/helpers/patients-api';
import { hireAndSignIn } from '../../../test/helpers/staff-api';
import { buildApp } from '../../app';
import { createLogger } from '../../platform/logger';
import { readCheckpoint } from '../../platform/projections/checkpoints';
import { reactorCheckpoint } from '../../platform/projections/batches';
import type { AppModule } from '../../platform/platform';
import { modules } from '..';
import { BILLING_INVOICING } from './reactors/invoicing';

/** The system as it ran before billing's invoicing existed: the same modules, without that reactor. */
const beforeBilling: AppModule[] = modules.map((m) => (m.name === 'billing' ? { ...m, reactors: undefined } : m));

/**
 * Issue 24: the invoicing reactor's first start on a database with clinical history starts at the
 * feed's head, so the consultations of the time before billing get no invoices; those after do,
 * and a later restart resumes from its checkpoint, not from the head again.
 */
describe("billing's invoicing on a database that has history from before it", () => {
  let old: TestApp;
  const apps: TestApp[] = [];
  const tokens: Record<string, string> = {};
  let current: () => TestApp;
  const billing = billingApi(() => current());
  const clinic = clinicalApi(() => current());
  const patients = patientsApi(() => current());

  /** A second server on the same database and data directory, with every module. */
  const startServer = async (): Promise<TestApp> => {
    const built = await buildApp(old.config, { log: createLogger('silent') });
    const app = { ...built, db: old.db, dataDir: old.dataDir, config: old.config };
    apps.push(app);
    return app;
  };
  const consult = async () => {
    const p = await patients.registered(tokens.receptionist!);
    const res = await clinic.consult(tokens.doctor!, {
      patientId: p.id,
      chiefComplaint: 'Fever for three days',
      primaryDiagnosis: 'Malaria',
      billing: { consultationFee: '5000' },
    });
    expect(res.statusCode, res.body).toBe(201);
    return res.json().consultation.id as string;
  };
  const invoiceStatus = async (id: string) =>
    (await billing.call(tokens.accountant!, 'GET', `/api/billing/invoices/${id}`)).statusCode;
  /** Waits until the current server's invoicing reactor has handled everything recorded so far. */
  const invoicingCaughtUp = async () => {
    const { platform } = current();
    expect(await platform.waitFor(await platform.store.headPosition(), [BILLING_INVOICING], 10_000)).toBe(true);
  };

  beforeAll(async () => {
    old = await startTestApp({ modules: beforeBilling });
    current = () => old;
    const admin = await onboardHospital(old);
    for (const role of ['doctor', 'receptionist', 'accountant'] as const)
      tokens[role] = (await hireAndSignIn(old, admin.token, role)).token;
  });
  afterAll(async () => {
    for (const app of apps) await app.close();
    await old?.close();
  });

  it('invoices the consultations after its first start only, and resumes from its checkpoint after a restart', async () => {
    const before = await consult();
    const headBefore = await old.platform.store.headPosition();

    const first = await startServer();
    current = () => first;
    const row = reactorCheckpoint(BILLING_INVOICING.name);
    // Its start is recorded at once, at the head it found.
    expect(await readCheckpoint(first.platform.db, row)).toEqual(headBefore);
    const after = await consult();
    await invoicingCaughtUp();
    expect(await invoiceStatus(after)).toBe(200);
    expect(await invoiceStatus(before)).toBe(404);
    await first.close();
    apps.length = 0;

    // Recorded while no server ran billing: a restart picks it up from the checkpoint.
    current = () => old;
    const whileStopped = await consult();
    const second = await startServer();
    current = () => second;
    await invoicingCaughtUp();
    expect(await invoiceStatus(whileStopped)).toBe(200);
    expect(await invoiceStatus(before)).toBe(404);
  });
});
