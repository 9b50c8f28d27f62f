import { Suspense, type ComponentType, type ReactNode } from 'react';
import { createBrowserRouter, matchRoutes, Navigate, Outlet, type RouteObject } from 'react-router-dom';
import { LoadingState } from '../components/states';
import { preloadable } from '../lib/preloadable';
import { paths } from './paths';
import { preloadGuardParts, RedirectIfSignedIn, RequireSession, SessionIndexRedirect } from './guards';

type Load = () => Promise<unknown>;

/** What each lazy route element loads, so that the screen at the address can be fetched early. */
const loaders = new Map<ReactNode, Load>();

function loaded(element: ReactNode, load: Load): ReactNode {
  loaders.set(element, load);
  return element;
}

/**
 * Route modules are lazy-loaded; each feature exports its page as the default of one file. Fetched
 * ahead (preloadScreen), a page renders at once rather than after its loading state.
 */
function page(load: () => Promise<{ default: ComponentType }>): ReactNode {
  const { Component, preload } = preloadable(load);
  return loaded(
    <Suspense fallback={<LoadingState fullPage />}>
      <Component />
    </Suspense>,
    preload,
  );
}

const Landing = () => import('../features/landing/landing-page');
const Onboarding = () => import('../features/onboarding/onboarding-page');
const AdminLogin = () => import('../features/auth/admin-login-page');
const UserLogin = () => import('../features/auth/user-login-page');
const { Component: Shell, preload: loadShell } = preloadable(() => import('../features/shell/app-shell'));
const ComingSoon = () => import('../features/shell/coming-soon-page');
const AdminDashboard = () => import('./admin-dashboard');
const Users = () => import('../features/users/users-page');
const UserDashboard = () => import('./dashboard-for-role');
const Patients = () => import('../features/patients/patients-page');
const RegisterPatient = () => import('../features/patients/register-patient-page');
const PatientProfile = () => import('../features/patients/patient-profile-page');
const EditPatient = () => import('../features/patients/edit-patient-page');
const DoctorPatients = () => import('../features/patients/doctor-patients-page');
const DoctorPatient = () => import('./doctor-patient-overview');
const MedicalRecords = () => import('../features/consultations/medical-records-page');
const AuditLogs = () => import('../features/audit/audit-page');
const PatientHistory = () => import('../features/audit/patient-history-page');
const Invoices = () => import('../features/billing/invoices-page');
const InvoiceDetail = () => import('../features/billing/invoice-detail-page');
const Payments = () => import('../features/billing/payments-page');
const Receipt = () => import('../features/billing/receipt-page');
const BillingActivity = () => import('../features/staff-dashboards/billing-activity-page');
const PrescriptionRequest = () => import('../features/pharmacy/prescription-request-page');
const Inventory = () => import('../features/pharmacy/inventory-page');
const Dispensations = () => import('../features/staff-dashboards/dispensations-page');
const TestRequests = () => import('../features/laboratory/test-request-page');
const LabCatalogue = () => import('../features/laboratory/lab-catalogue-page');
const Report = () => import('./report-for-role');
const TestActivity = () => import('../features/staff-dashboards/test-activity-page');
const Vitals = () => import('../features/vitals/vitals-page');
const AccessControl = () => import('../features/access-control/access-control-page');
const HospitalSettings = () => import('../features/hospital-settings/settings-page');
const HmoProvider = () => import('../features/billing/hmo-provider-page');
const PriceList = () => import('../features/billing/price-list-page');
const AdminPatients = () => import('../features/admin-console/admin-patients-page');
const AdminReception = () => import('../features/admin-console/admin-reception-page');
const AdminLaboratory = () => import('./admin-laboratory');
const AdminPharmacy = () => import('../features/admin-console/admin-pharmacy-page');
const AdminProviders = () => import('../features/admin-console/admin-providers-page');
const AdminBilling = () => import('./admin-billing');
const AdminInvoice = () => import('./admin-billing').then((m) => ({ default: m.AdminInvoiceDetail }));
const AdminReceipt = () => import('./admin-billing').then((m) => ({ default: m.AdminReceipt }));
const AdminProfile = () => import('./admin-profile-page');
const UserProfile = () => import('./user-profile-page');
const Appointments = () => import('../features/appointments/appointments-page');

/** A signed-in area: its guard, then the shell around the screen. */
function signedIn(area: 'admin' | 'user' | 'audit'): ReactNode {
  return loaded(
    <RequireSession area={area}>
      <Suspense fallback={<LoadingState fullPage />}>
        <Shell>
          <Outlet />
        </Shell>
      </Suspense>
    </RequireSession>,
    () => Promise.all([loadShell(), preloadGuardParts()]),
  );
}

const soon = (path: string): RouteObject => ({ path, element: page(ComingSoon) });

export const routes: RouteObject[] = [
  { path: paths.landing, element: page(Landing) },
  { path: paths.onboarding, element: <RedirectIfSignedIn>{page(Onboarding)}</RedirectIfSignedIn> },
  { path: paths.adminLogin, element: <RedirectIfSignedIn only="admin">{page(AdminLogin)}</RedirectIfSignedIn> },
  { path: paths.userLogin, element: <RedirectIfSignedIn>{page(UserLogin)}</RedirectIfSignedIn> },
  { path: paths.adminRoot, element: <SessionIndexRedirect area="admin" /> },
  { path: paths.userRoot, element: <SessionIndexRedirect area="user" /> },
  {
    element: signedIn('admin'),
    children: [
      { path: paths.admin.dashboard, element: page(AdminDashboard) },
      { path: paths.admin.users, element: page(Users) },
      { path: paths.admin.accessControl, element: page(AccessControl) },
      { path: paths.admin.settings, element: page(HospitalSettings) },
      { path: paths.admin.patients, element: page(AdminPatients) },
      { path: paths.admin.reception, element: page(AdminReception) },
      { path: paths.admin.laboratory, element: page(AdminLaboratory) },
      { path: paths.admin.pharmacy, element: page(AdminPharmacy) },
      { path: paths.admin.providers, element: page(AdminProviders) },
      { path: paths.admin.billing, element: page(AdminBilling) },
      { path: paths.admin.prices, element: page(PriceList) },
      { path: paths.admin.invoiceDetailPattern, element: page(AdminInvoice) },
      { path: paths.admin.receiptPattern, element: page(AdminReceipt) },
      { path: paths.admin.profile, element: page(AdminProfile) },
    ],
  },
  {
    // Audit Logs and patient histories: admins, and compliance officers (who sign in as staff).
    element: signedIn('audit'),
    children: [
      { path: paths.admin.audit, element: page(AuditLogs) },
      { path: paths.admin.auditLogs, element: page(AuditLogs) },
      { path: '/admin/audit/patients/:patientId', element: page(PatientHistory) },
    ],
  },
  {
    element: signedIn('user'),
    children: [
      { path: paths.user.dashboard, element: page(UserDashboard) },
      // product-spec-2 §2: these two show the role dashboard.
      { path: paths.user.labRequest, element: page(UserDashboard) },
      { path: paths.user.prescription, element: page(UserDashboard) },
      { path: paths.user.patients, element: page(Patients) },
      { path: paths.user.registerPatient, element: page(RegisterPatient) },
      { path: paths.user.patientPattern, element: page(PatientProfile) },
      { path: paths.user.editPatientPattern, element: page(EditPatient) },
      { path: paths.doctor.patients, element: page(DoctorPatients) },
      { path: paths.doctor.patientPattern, element: page(DoctorPatient) },
      { path: paths.doctor.medicalRecordsPattern, element: page(MedicalRecords) },
      { path: paths.user.invoice, element: page(Invoices) },
      { path: paths.user.invoiceDetailPattern, element: page(InvoiceDetail) },
      { path: paths.user.payments, element: page(Payments) },
      { path: paths.user.receiptPattern, element: page(Receipt) },
      { path: paths.user.billingActivity, element: page(BillingActivity) },
      { path: paths.user.prescriptionRequest, element: page(PrescriptionRequest) },
      { path: paths.user.inventory, element: page(Inventory) },
      { path: paths.user.dispensations, element: page(Dispensations) },
      { path: paths.user.testRequest, element: page(TestRequests) },
      { path: paths.user.labCatalogue, element: page(LabCatalogue) },
      { path: paths.user.report, element: page(Report) },
      { path: paths.user.testActivity, element: page(TestActivity) },
      { path: paths.user.vitals, element: page(Vitals) },
      { path: paths.user.hmoProvider, element: page(HmoProvider) },
      { path: paths.user.prices, element: page(PriceList) },
      { path: paths.user.profile, element: page(UserProfile) },
      { path: paths.user.appointments, element: page(Appointments) },
      ...[
        '/user/consultations',
        '/user/prescriptions',
        '/user/lab-results',
        '/user/reports',
        '/user/settings',
        '/user/reception',
      ].map(soon),
    ],
  },
  { path: '*', element: <Navigate to={paths.landing} replace /> },
];

/**
 * Starts fetching the code of the screen at `pathname` (its page and, for a signed-in screen, the
 * shell), while the stored session is still being asked about: otherwise each waits for the one
 * before it (the session's answer, then the shell, then the page). What a later render asks for
 * is the same module, already on its way or there. Resolves once they have come (or failed).
 */
export function preloadScreen(pathname = window.location.pathname): Promise<void> {
  const fetching = (matchRoutes(routes, pathname) ?? []).map((match) =>
    // A failed fetch is the render's to report (the lazy route asks again); nothing to say here.
    loaders
      .get(match.route.element)?.()
      .catch(() => undefined),
  );
  return Promise.all(fetching).then(() => undefined);
}

export function createRouter() {
  return createBrowserRouter(routes);
}
