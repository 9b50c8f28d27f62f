import { useAtomValue } from 'jotai';
import { lazy, Suspense } from 'react';
import { LoadingState } from '../components/states';
import { signedInUserAtom } from '../lib/session';

const StaffDashboard = lazy(() => import('../features/staff-dashboards/user-dashboard-page'));
const ComplianceDashboard = lazy(() => import('../features/audit/compliance-dashboard-page'));
const TodaysAppointments = lazy(() =>
  import('../features/appointments/components/todays-appointments').then((m) => ({ default: m.TodaysAppointments })),
);

const FrontDeskQueue = lazy(() =>
  import('../features/appointments/components/front-desk-queue').then((m) => ({ default: m.FrontDeskQueue })),
);

/** /user/dashboard: the compliance officer's own dashboard, every other role's from staff-dashboards. */
export default function DashboardForRole() {
  const user = useAtomValue(signedInUserAtom);
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
