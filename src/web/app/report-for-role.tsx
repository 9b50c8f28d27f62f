import { useAtomValue } from 'jotai';
import { lazy, Suspense } from 'react';
import { LoadingState } from '../components/states';
import { normaliseRole } from '../lib/roles';
import { signedInUserAtom } from '../lib/session';

const LabReport = lazy(() => import('../features/laboratory/report-page'));
const BillingReport = lazy(() => import('../features/billing/report-page'));
const ComingSoon = lazy(() => import('../features/shell/coming-soon-page'));
/** Who may read lab results (the server's GET /api/lab/requests roles). */
const LAB_READERS = new Set(['lab_technician', 'doctor', 'admin']);

/**
 * /user/report is on the lab technician's, the pharmacist's and the accountant's menus: the lab's
 * is its completed results, the accountant's the outstanding balances and HMO claims; the
 * pharmacist's report is not built yet.
 */
export default function ReportForRole() {
  const user = useAtomValue(signedInUserAtom);
  const role = user === null ? null : String(normaliseRole(user.role));
  const report =
    role === 'accountant' ? <BillingReport /> : role && LAB_READERS.has(role) ? <LabReport /> : <ComingSoon />;
  return <Suspense fallback={<LoadingState />}>{report}</Suspense>;
}
