import type { AppModule } from '../../platform/platform';
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
export { verifyEveryHospital, type HospitalVerification } from './verify-all';

export const auditModule: AppModule = {
  name: 'audit',
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
    ];
  },
};
