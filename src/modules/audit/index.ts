import type { AppModule } from '../../platform/platform';
import { accessLogOf } from './access-log/access-log';
import { readsSealed } from './access-log/read-seal';
import { readSealerOf, sealHealth } from './access-log/read-sealer';
import { accessReportExportsOf } from './access-report-exports';
import { auditAnchorOf } from './anchoring/anchor';
import { auditPatientRoutes } from './patient-routes';
import { auditTrailProjection } from './read-models/audit-trail';
import { auditRoutes } from './routes';

/**
 * The audit trail (issue 10): every event of every module as a sentence with who, where and when,
 * the access events the platform records for reads and refusals, each hospital's hash chain and
 * its verification, a patient's timeline, the data-subject export and the access report.
 */
export { AUDIT_TRAIL } from './read-models/audit-trail';
export { AUDIT_ROLES } from './routes';
export { auditAnchorOf } from './anchoring/anchor';
export { readSealerOf } from './access-log/read-sealer';
export { verifyEveryHospital, type HospitalVerification } from './verify-all';

export const auditModule: AppModule = {
  name: 'audit',
  events: [readsSealed],
  // Every read an audited route serves goes to the access log (migration 0050), sealed in the chain.
  readRecorder: (platform) => accessLogOf(platform),
  // Reads left waiting for their seal (a stopped or failing sealer) make health degraded.
  health: (platform) => sealHealth(platform),
  routes: async (app, platform) => {
    auditRoutes(app, platform);
    auditPatientRoutes(app, platform);
  },
  projections: [auditTrailProjection],
  // Signs each hospital's chain head on a timer and at shutdown (not with EventStoreDB: no chain),
  // on one server at a time; and on every server lets an access report being prepared finish
  // before the pool closes.
  background: (platform) => {
    const anchor = auditAnchorOf(platform);
    const exports = accessReportExportsOf(platform);
    const sealer = readSealerOf(platform);
    return [
      { start: () => undefined, stop: () => exports.stop() },
      {
        elected: 'background:audit-signer',
        start: () => {
          anchor?.reload();
          anchor?.start(platform.config.auditCheckpointSeconds);
        },
        stop: async () => await anchor?.stop(),
      },
      // Seals the access log's new rows every ten seconds, on one server at a time.
      { elected: 'background:access-log-sealer', start: () => sealer.start(), stop: () => sealer.stop() },
    ];
  },
};
