import AdminDashboardPage from '../features/admin-dashboard/admin-dashboard-page';
import { AppointmentFigures } from '../features/appointments/components/todays-appointments';

/** /admin/dashboard with today's appointment figures (issue 24) beside the key metrics. */
export default function AdminDashboard() {
  return <AdminDashboardPage extraMetrics={<AppointmentFigures />} />;
}
