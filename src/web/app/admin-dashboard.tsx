import AdminDashboardPage from '../features/admin-dashboard/admin-dashboard-page';
import { AppointmentFigures } from '../features/appointments/components/todays-appointments';
import { FirstHourChecklist } from './first-hour-checklist';

/**
 * /admin/dashboard with today's appointment figures (issue 24) beside the key metrics, and the
 * first-hour checklist (issue 34: the hospital's phone and address, the tests and drugs still invoiced at ₦0).
 */
export default function AdminDashboard() {
  return <AdminDashboardPage extraMetrics={<AppointmentFigures />} checklist={<FirstHourChecklist />} />;
}
