import AdminDashboardPage from '../features/admin-dashboard/admin-dashboard-page';
import { AppointmentFigures } from '../features/appointments/components/todays-appointments';
import { PriceChecklist } from '../features/billing/components/price-checklist';
import { useHasModule } from '../lib/module-access';
import { paths } from './paths';

/**
 * /admin/dashboard with today's appointment figures (issue 24) beside the key metrics, and the
 * first-hour checklist's prices (issue 34: the tests and drugs still invoiced at ₦0).
 */
export default function AdminDashboard() {
  const billing = useHasModule('billing');
  return (
    <AdminDashboardPage
      extraMetrics={<AppointmentFigures />}
      checklist={billing ? <PriceChecklist pricesHref={paths.admin.prices} /> : null}
    />
  );
}
