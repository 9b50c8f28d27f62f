import type { RouteOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { modules } from '../src/modules';
import type { AccessAudit } from '../src/platform/http/access-trail';
import type { AppModule } from '../src/platform/platform';
import { startTestApp, type TestApp } from './helpers/app';

/**
 * Every GET route of every module is classified here: it answers patient data (a record, or a list,
 * search, queue, report or CSV showing patients) or it does not. A patient-data route must leave its
 * read in the access trail with the patients it showed (`config.audit`, src/platform/http/access-trail.ts).
 * A new GET route fails this test until it is classified, so none can serve patients unrecorded.
 */
const RECORD = 'one patient, by path id';
const LIST = 'patients shown, by id';
const PATIENT_DATA: Record<string, typeof RECORD | typeof LIST | string> = {
  '/api/patients': LIST,
  '/api/patients/:id': RECORD,
  '/api/patients/:id/history': RECORD,
  '/api/patients/:id/export': RECORD,
  '/api/consultations/patient/:patientId': RECORD,
  '/api/billing/patients/:id/hmo': RECORD,
  '/api/consultations/prescriptions/pending': LIST,
  '/api/pharmacy/stats': LIST,
  '/api/pharmacy/dispensations': LIST,
  '/api/lab/requests': LIST,
  '/api/lab/activity': LIST,
  '/api/lab/stats': LIST,
  '/api/billing/invoices': LIST,
  '/api/billing/invoices/:id': LIST,
  '/api/billing/payments': LIST,
  '/api/billing/payments/:id': LIST,
  '/api/billing/activity': LIST,
  '/api/billing/hmos/:id': LIST,
  '/api/billing/claims': LIST,
  '/api/billing/claims/:id': LIST,
  '/api/billing/claims/:id/csv': LIST,
  '/api/billing/reports/outstanding': LIST,
  '/api/billing/reports/outstanding.csv': LIST,
  '/api/billing/patients': LIST,
  '/api/notifications': LIST,
  '/api/appointments': LIST,
  '/api/appointments/:id': LIST,
  '/api/audit/events': LIST,
  '/api/audit/events/:id': LIST,
  '/api/audit/access-report': LIST,
  '/api/audit/access-report/exports/:id/csv': LIST,
  // Streamed from the trail in chunks: recorded with its filters, its patients are not known before it is sent.
  '/api/audit/events.csv': 'recorded without ids',
  '/api/audit/reads': 'recorded without ids',
};
const NO_PATIENT_DATA: Record<string, string> = {
  '/api/admin/profile': 'the signed-in person',
  '/api/docs/asyncapi.json': "the live channel's protocol document",
  '/api/auth/me': 'the signed-in person',
  '/api/access-control': 'the role matrix',
  '/api/hospital/settings': 'hospital settings',
  '/api/hospitals/:id': 'the hospital',
  '/api/patients/stats': 'counts',
  '/api/consultations/stats/mine': 'a count',
  '/api/users': 'staff',
  '/api/users/stats': 'staff counts',
  '/api/users/:id': 'a staff member',
  '/api/billing/prices': 'the price list',
  '/api/billing/price-list': 'the price list with the catalogue and formulary',
  '/api/inventory/prices': 'the formulary medications and their prices',
  '/api/lab/catalogue': 'the lab tests of the catalogue and their prices',
  '/api/billing/dashboard': 'totals and a payments chart',
  '/api/billing/hmos': 'HMO providers with enrollee counts',
  '/api/billing/reports/revenue': 'totals by day, month, service or payer',
  '/api/billing/reports/revenue.csv': 'totals by day, month, service or payer',
  '/api/lab/turnaround': 'minutes per test',
  '/api/inventory/medications': 'stock',
  '/api/inventory/medications/expiring-soon': 'stock',
  '/api/inventory/medications/groups': 'stock',
  '/api/pharmacy/reports/dispensing': 'quantities and counts per medication',
  '/api/pharmacy/reports/stock': 'stock',
  '/api/audit/actors': 'staff names',
  '/api/audit/verify': 'the hash chain',
  '/api/audit/access-report/exports/:id': 'whether a report is ready',
  '/api/appointments/doctors': 'doctors to book with',
  '/api/appointments/stats': 'counts',
};

describe('every GET route is classified for the access trail', () => {
  let t: TestApp;
  const routes = new Map<string, AccessAudit | undefined>();
  beforeAll(async () => {
    const collecting: AppModule[] = modules.map((m) => ({
      ...m,
      routes: m.routes
        ? async (app, platform) => {
            app.addHook('onRoute', (route: RouteOptions) => {
              const methods = [route.method].flat();
              if (methods.includes('GET')) routes.set(route.url, route.config?.audit);
            });
            await m.routes!(app, platform);
          }
        : undefined,
    }));
    t = await startTestApp({ modules: collecting, startProjections: false });
  });
  afterAll(async () => t?.close());

  it('knows every GET route, and only those', () => {
    expect(routes.size).toBeGreaterThan(40);
    const unclassified = [...routes.keys()].filter((url) => !(url in PATIENT_DATA) && !(url in NO_PATIENT_DATA));
    expect(unclassified, 'classify these GET routes in test/patient-data-routes.test.ts').toEqual([]);
    const stale = [...Object.keys(PATIENT_DATA), ...Object.keys(NO_PATIENT_DATA)].filter((url) => !routes.has(url));
    expect(stale).toEqual([]);
  });

  it('records every read of patient data, with the patients it showed', () => {
    const unrecorded = Object.entries(PATIENT_DATA).flatMap(([url, kind]) => {
      const audit = routes.get(url);
      const recorded = audit !== undefined && audit.reads !== false;
      const named =
        kind === RECORD
          ? audit?.subject === 'patient' && audit.idParam !== undefined
          : kind === LIST
            ? audit?.patientIds !== undefined
            : true;
      return recorded && named ? [] : [`${url} (${kind})`];
    });
    expect(unrecorded).toEqual([]);
  });
});
