import { useAtomValue } from 'jotai';
import { normaliseRole } from '../lib/roles';
import { signedInUserAtom } from '../lib/session';
// The three reports come with this module (its route preloads it with the shell), as the staff
// dashboards do (dashboard-for-role.tsx): a lazy part inside the lazy page was fetched only once the
// page had rendered, and React 19 then held the report back until 300 ms after its loading state
// showed (bench:screens: the lab report asked for its data ~300 ms after its code had come).
import BillingReport from '../features/billing/report-page';
import LabReport from '../features/laboratory/report-page';
import PharmacyReport from '../features/pharmacy/report-page';
import ComingSoon from '../features/shell/coming-soon-page';
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
  return report;
}
