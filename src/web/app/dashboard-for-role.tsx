import { useAtomValue } from 'jotai';
import { lazy, Suspense } from 'react';
import { LoadingState } from '../components/states';
import { normaliseRole } from '../lib/roles';
import { signedInUserAtom } from '../lib/session';

const loadStaffDashboard = () => import('../features/staff-dashboards/user-dashboard-page');
const loadTodaysAppointments = () =>
  import('../features/appointments/components/todays-appointments').then((m) => ({ default: m.TodaysAppointments }));
const StaffDashboard = lazy(loadStaffDashboard);
const ComplianceDashboard = lazy(() => import('../features/audit/compliance-dashboard-page'));
const TodaysAppointments = lazy(loadTodaysAppointments);

const FrontDeskQueue = lazy(() =>
  import('../features/appointments/components/front-desk-queue').then((m) => ({ default: m.FrontDeskQueue })),
);

/** /user/dashboard: the compliance officer's own dashboard, every other role's from staff-dashboards. */
export default function DashboardForRole() {
  const user = useAtomValue(signedInUserAtom);
  // The doctor's aside renders only inside the staff dashboard, so its lazy code would be asked for
  // only once the dashboard's had come: both are asked for now, side by side (one Suspense shows them).
  if (user && user.role !== 'compliance_officer') {
    // A failed fetch is the lazy component's to report, when it asks again.
    void loadStaffDashboard().catch(() => undefined);
    if (normaliseRole(user.role) === 'doctor') void loadTodaysAppointments().catch(() => undefined);
  }
  return (
    <Suspense fallback={<LoadingState />}>
      {user?.role === 'compliance_officer' ? (
        <ComplianceDashboard />
      ) : (
        // The doctor's booked patients for today, beside the waiting list (issue 24); the receptionist's
        // queue of the day: booked, checked in and waiting, seen (issue 34 §6).
        <StaffDashboard
          doctorAside={user ? <TodaysAppointments doctorId={user.id} /> : undefined}
          receptionistQueue={<FrontDeskQueue />}
        />
      )}
    </Suspense>
  );
}
