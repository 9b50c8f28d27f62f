import { useAtomValue } from 'jotai';
import { signedInUserAtom } from '../lib/session';
import { FrontDeskQueue } from '../features/appointments/components/front-desk-queue';
import { TodaysAppointments } from '../features/appointments/components/todays-appointments';
import ComplianceDashboard from '../features/audit/compliance-dashboard-page';
import StaffDashboard from '../features/staff-dashboards/user-dashboard-page';

// Every role's dashboard comes with this module (its route preloads it with the shell): a lazy part
// inside a lazy page waited for the page, then for its own loading state, which React 19 shows for
// at least 300 ms (issue 34 §5).

/** /user/dashboard: the compliance officer's own dashboard, every other role's from staff-dashboards. */
export default function DashboardForRole() {
  const user = useAtomValue(signedInUserAtom);
  return user?.role === 'compliance_officer' ? (
    <ComplianceDashboard />
  ) : (
    // The doctor's booked patients for today, beside the waiting list (issue 24); the receptionist's
    // queue of the day: booked, checked in and waiting, seen (issue 34 §6).
    <StaffDashboard
      doctorAside={user ? <TodaysAppointments doctorId={user.id} /> : undefined}
      receptionistQueue={<FrontDeskQueue />}
    />
  );
}
