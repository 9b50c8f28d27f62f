import type { Migration } from 'kysely';
import * as eventStore from './0001-platform-event-store';
import * as projections from './0002-platform-projections';
import * as feedReader from './0003-platform-feed-reader';
import * as deferredIndexes from './0004-platform-deferred-indexes';
import * as hospitalsReadModels from './0100-hospitals-read-models';
import * as hospitalsSettings from './0102-hospitals-settings';
import * as identityReadModels from './0110-identity-read-models';
import * as identityAccountsOwned from './0111-identity-accounts-owned';
import * as identitySessionTrust from './0112-identity-session-trust';
import * as identitySignInLocks from './0113-identity-sign-in-locks';
import * as staffDirectory from './0200-staff-directory';
import * as staffDirectoryDeleted from './0201-staff-directory-deleted';
import * as patientsList from './0210-patients-list';
import * as patientsRecords from './0211-patients-records';
import * as patientsAdmission from './0212-patients-admission';
import * as patientsRegisteredBy from './0213-patients-registered-by';
import * as patientsCountShards from './0214-patients-count-shards';
import * as patientsLookupIndexes from './0215-patients-lookup-indexes';
import * as patientsDuplicateKeys from './0216-patients-duplicate-keys';
import * as consultationsRecords from './0300-consultations-records';
import * as pharmacyStock from './0400-pharmacy-stock';
import * as pharmacyStockMovements from './0401-pharmacy-stock-movements';
import * as laboratoryRequests from './0500-laboratory-requests';
import * as auditTrail from './0600-audit-trail';
import * as auditEventsImmutable from './0601-audit-events-immutable';
import * as auditEventsPatient from './0602-audit-events-patient';
import * as auditChainOrder from './0603-audit-chain-order';
import * as auditPatientViews from './0610-audit-patient-views';
import * as auditPatientViewsWindow from './0611-audit-patient-views-window';
import * as notifications from './0300-notifications';
import * as billingLedger from './0700-billing-ledger';
import * as billingHmo from './0701-billing-hmo';
import * as accessControlMatrix from './0800-access-control-matrix';
import * as appointments from './0900-appointments';
import * as hospitalsOpeningHours from './0901-hospitals-opening-hours';
import * as platformIdempotencyAnswers from './0970-platform-idempotency-answers';
import * as auditEventsDevice from './0971-audit-events-device';
import * as auditEventsSearchPrimary from './0980-audit-events-search-primary';
import * as auditAccessReportWindow from './0995-audit-access-report-window';
import * as auditReportExports from './0996-audit-report-exports';
import * as platformParkedEvents from './1000-platform-parked-events';
import * as auditReadModelsAppendOnly from './1010-audit-read-models-append-only';
import * as auditHeadsAndExportsAppendOnly from './1011-audit-heads-and-exports-append-only';
import * as auditPatientViewsCompact from './1020-audit-patient-views-compact';
import * as identityFirstPasswordChange from './1070-identity-first-password-change';
import * as auditEventsByType from './1071-audit-events-by-type';

/**
 * Every migration, keyed by name; names sort in the order they run.
 * Each module's tables get their own file, prefixed with the module name.
 */
export const migrations: Record<string, Migration> = {
  '0001-platform-event-store': eventStore,
  '0002-platform-projections': projections,
  '0003-platform-feed-reader': feedReader,
  '0004-platform-deferred-indexes': deferredIndexes,
  '0100-hospitals-read-models': hospitalsReadModels,
  '0102-hospitals-settings': hospitalsSettings,
  '0110-identity-read-models': identityReadModels,
  '0111-identity-accounts-owned': identityAccountsOwned,
  '0112-identity-session-trust': identitySessionTrust,
  '0113-identity-sign-in-locks': identitySignInLocks,
  '0200-staff-directory': staffDirectory,
  '0201-staff-directory-deleted': staffDirectoryDeleted,
  '0210-patients-list': patientsList,
  '0211-patients-records': patientsRecords,
  '0212-patients-admission': patientsAdmission,
  '0213-patients-registered-by': patientsRegisteredBy,
  '0214-patients-count-shards': patientsCountShards,
  '0215-patients-lookup-indexes': patientsLookupIndexes,
  '0216-patients-duplicate-keys': patientsDuplicateKeys,
  '0300-consultations-records': consultationsRecords,
  '0400-pharmacy-stock': pharmacyStock,
  '0401-pharmacy-stock-movements': pharmacyStockMovements,
  '0500-laboratory-requests': laboratoryRequests,
  '0600-audit-trail': auditTrail,
  '0601-audit-events-immutable': auditEventsImmutable,
  '0602-audit-events-patient': auditEventsPatient,
  '0603-audit-chain-order': auditChainOrder,
  '0610-audit-patient-views': auditPatientViews,
  '0611-audit-patient-views-window': auditPatientViewsWindow,
  '0300-notifications': notifications,
  '0700-billing-ledger': billingLedger,
  '0701-billing-hmo': billingHmo,
  '0800-access-control-matrix': accessControlMatrix,
  '0900-appointments': appointments,
  '0901-hospitals-opening-hours': hospitalsOpeningHours,
  '0970-platform-idempotency-answers': platformIdempotencyAnswers,
  '0971-audit-events-device': auditEventsDevice,
  '0980-audit-events-search-primary': auditEventsSearchPrimary,
  '0995-audit-access-report-window': auditAccessReportWindow,
  '0996-audit-report-exports': auditReportExports,
  '1000-platform-parked-events': platformParkedEvents,
  '1010-audit-read-models-append-only': auditReadModelsAppendOnly,
  '1011-audit-heads-and-exports-append-only': auditHeadsAndExportsAppendOnly,
  '1020-audit-patient-views-compact': auditPatientViewsCompact,
  '1070-identity-first-password-change': identityFirstPasswordChange,
  '1071-audit-events-by-type': auditEventsByType,
};
