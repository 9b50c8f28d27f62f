import type { Migrations } from '../src/platform/db/migrator';
import { renamed } from './renamed';

/**
 * Every migration by name. The number tells the order they run in: one sequence for the whole house,
 * whatever module a migration serves. The next one is numbered one up from the last and added at the
 * end, one line (docs/contributing.md). A migration is never renamed or changed once it has run
 * somewhere; the one renumbering there was (from numbers per module) is in `renamed.ts`.
 */
export const migrations: Migrations = {
  byName: {
    '0001-platform-event-store': await import('./0001-platform-event-store'),
    '0002-platform-projections': await import('./0002-platform-projections'),
    '0003-platform-feed-reader': await import('./0003-platform-feed-reader'),
    '0004-platform-deferred-indexes': await import('./0004-platform-deferred-indexes'),
    '0005-hospitals-read-models': await import('./0005-hospitals-read-models'),
    '0006-hospitals-settings': await import('./0006-hospitals-settings'),
    '0007-identity-read-models': await import('./0007-identity-read-models'),
    '0008-identity-accounts-owned': await import('./0008-identity-accounts-owned'),
    '0009-identity-session-trust': await import('./0009-identity-session-trust'),
    '0010-identity-sign-in-locks': await import('./0010-identity-sign-in-locks'),
    '0011-staff-directory': await import('./0011-staff-directory'),
    '0012-staff-directory-deleted': await import('./0012-staff-directory-deleted'),
    '0013-patients-list': await import('./0013-patients-list'),
    '0014-patients-records': await import('./0014-patients-records'),
    '0015-patients-admission': await import('./0015-patients-admission'),
    '0016-patients-registered-by': await import('./0016-patients-registered-by'),
    '0017-patients-count-shards': await import('./0017-patients-count-shards'),
    '0018-patients-lookup-indexes': await import('./0018-patients-lookup-indexes'),
    '0019-patients-duplicate-keys': await import('./0019-patients-duplicate-keys'),
    '0020-consultations-records': await import('./0020-consultations-records'),
    '0021-notifications': await import('./0021-notifications'),
    '0022-pharmacy-stock': await import('./0022-pharmacy-stock'),
    '0023-pharmacy-stock-movements': await import('./0023-pharmacy-stock-movements'),
    '0024-laboratory-requests': await import('./0024-laboratory-requests'),
    '0025-audit-trail': await import('./0025-audit-trail'),
    '0026-audit-events-immutable': await import('./0026-audit-events-immutable'),
    '0027-audit-events-patient': await import('./0027-audit-events-patient'),
    '0028-audit-chain-order': await import('./0028-audit-chain-order'),
    '0029-audit-patient-views': await import('./0029-audit-patient-views'),
    '0030-audit-patient-views-window': await import('./0030-audit-patient-views-window'),
    '0031-billing-ledger': await import('./0031-billing-ledger'),
    '0032-billing-hmo': await import('./0032-billing-hmo'),
    '0033-access-control-matrix': await import('./0033-access-control-matrix'),
    '0034-appointments': await import('./0034-appointments'),
    '0035-hospitals-opening-hours': await import('./0035-hospitals-opening-hours'),
    '0036-platform-idempotency-answers': await import('./0036-platform-idempotency-answers'),
    '0037-audit-events-device': await import('./0037-audit-events-device'),
    '0038-audit-events-search-primary': await import('./0038-audit-events-search-primary'),
    '0039-audit-access-report-window': await import('./0039-audit-access-report-window'),
    '0040-audit-report-exports': await import('./0040-audit-report-exports'),
    '0041-platform-parked-events': await import('./0041-platform-parked-events'),
    '0042-audit-read-models-append-only': await import('./0042-audit-read-models-append-only'),
    '0043-audit-heads-and-exports-append-only': await import('./0043-audit-heads-and-exports-append-only'),
    '0044-identity-first-password-change': await import('./0044-identity-first-password-change'),
    '0045-audit-events-by-type': await import('./0045-audit-events-by-type'),
  },
  renamed,
};
