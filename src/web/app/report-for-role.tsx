import { useAtomValue } from 'jotai';
import { lazy, Suspense } from 'react';
import { LoadingState } from '../components/states';
import { normaliseRole } from '../lib/roles';
import { signedInUserAtom } from '../lib/session';

const LabReport = lazy(() => import('../features/laboratory/report-page'));
const BillingReport = lazy(() => import('../features/billing/report-page'));
const PharmacyReport = lazy(() => import('../features/pharmacy/report-page'));
const ComingSoon = lazy(() => import('../features/shell/coming-soon-page'));
/** Who may read lab results (the server's GET /api/lab/requests roles). */
const LAB_READERS = new Set(['lab_technician', 'doctor', 'admin']);

/**
 * /user/report is on the lab technician's, the pharmacist's and the accountant's menus: the lab's
 * is its completed results, the accountant's the outstanding balances and HMO claims, the
 * pharmacist's the dispensing and stock of a period.
 */
export default function ReportForRole() {
  const user = useAtomValue(signedInUserAtom);
  const role = user === null ? null : String(normaliseRole(user.role));
  let report = <ComingSoon />;
  if (role === 'accountant') report = <BillingReport />;
  else if (role === 'pharmacist') report = <PharmacyReport />;
  else if (role && LAB_READERS.has(role)) report = <LabReport />;
  return <Suspense fallback={<LoadingState />}>{report}</Suspense>;
}
