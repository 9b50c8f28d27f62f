/**
 * The names the migrations had while each module numbered its own (until issue 36), mapped to their
 * names now. A database migrated by a build of that time has the old names in `kysely_migration`; the
 * migrator rewrites them to these before it migrates (src/platform/db/migrator.ts), and a restore reads
 * a backup's old names through this map. The order did not change: sorted, the old names ran in the
 * order the new numbers give. 0001–0004 kept their names. Never edit an entry: databases depend on it.
 * A migration is added here only if it ran somewhere under a name it no longer has.
 */
export const renamed: Readonly<Record<string, string>> = {
  '0100-hospitals-read-models': '0005-hospitals-read-models',
  '0102-hospitals-settings': '0006-hospitals-settings',
  '0110-identity-read-models': '0007-identity-read-models',
  '0111-identity-accounts-owned': '0008-identity-accounts-owned',
  '0112-identity-session-trust': '0009-identity-session-trust',
  '0113-identity-sign-in-locks': '0010-identity-sign-in-locks',
  '0200-staff-directory': '0011-staff-directory',
  '0201-staff-directory-deleted': '0012-staff-directory-deleted',
  '0210-patients-list': '0013-patients-list',
  '0211-patients-records': '0014-patients-records',
  '0212-patients-admission': '0015-patients-admission',
  '0213-patients-registered-by': '0016-patients-registered-by',
  '0214-patients-count-shards': '0017-patients-count-shards',
  '0215-patients-lookup-indexes': '0018-patients-lookup-indexes',
  '0216-patients-duplicate-keys': '0019-patients-duplicate-keys',
  '0300-consultations-records': '0020-consultations-records',
  '0300-notifications': '0021-notifications',
  '0400-pharmacy-stock': '0022-pharmacy-stock',
  '0401-pharmacy-stock-movements': '0023-pharmacy-stock-movements',
  '0500-laboratory-requests': '0024-laboratory-requests',
  '0600-audit-trail': '0025-audit-trail',
  '0601-audit-events-immutable': '0026-audit-events-immutable',
  '0602-audit-events-patient': '0027-audit-events-patient',
  '0603-audit-chain-order': '0028-audit-chain-order',
  '0610-audit-patient-views': '0029-audit-patient-views',
  '0611-audit-patient-views-window': '0030-audit-patient-views-window',
  '0700-billing-ledger': '0031-billing-ledger',
  '0701-billing-hmo': '0032-billing-hmo',
  '0800-access-control-matrix': '0033-access-control-matrix',
  '0900-appointments': '0034-appointments',
  '0901-hospitals-opening-hours': '0035-hospitals-opening-hours',
  '0970-platform-idempotency-answers': '0036-platform-idempotency-answers',
  '0971-audit-events-device': '0037-audit-events-device',
  '0980-audit-events-search-primary': '0038-audit-events-search-primary',
  '0995-audit-access-report-window': '0039-audit-access-report-window',
  '0996-audit-report-exports': '0040-audit-report-exports',
  '1000-platform-parked-events': '0041-platform-parked-events',
  '1010-audit-read-models-append-only': '0042-audit-read-models-append-only',
  '1011-audit-heads-and-exports-append-only': '0043-audit-heads-and-exports-append-only',
  '1070-identity-first-password-change': '0044-identity-first-password-change',
  '1071-audit-events-by-type': '0045-audit-events-by-type',
};
