import { useAtomValue } from 'jotai';
import { lazy, Suspense } from 'react';
import { LoadingState } from '../components/states';
import { normaliseRole } from '../lib/roles';
import { signedInUserAtom } from '../lib/session';

const LabReport = lazy(() => import('../features/laboratory/report-page'));
const ComingSoon = lazy(() => import('../features/shell/coming-soon-page'));
/** Who may read lab results (the server's GET /api/lab/requests roles). */
const LAB_READERS = new Set(['lab_technician', 'doctor', 'admin']);

/**
 * /user/report is on the lab technician's, the pharmacist's and the accountant's menus: the lab's
 * is its completed results; the others' reports are not built yet.
 */
export default function ReportForRole() {
  const user = useAtomValue(signedInUserAtom);
  const lab = user !== null && LAB_READERS.has(String(normaliseRole(user.role)));
  return <Suspense fallback={<LoadingState />}>{lab ? <LabReport /> : <ComingSoon />}</Suspense>;
}
