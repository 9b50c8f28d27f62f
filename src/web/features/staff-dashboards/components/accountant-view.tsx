import { paths } from '../../../app/paths';
import { ButtonLink } from '../../../components/button';
import { MetricCard, MetricGrid } from '../../../components/metric-card';
import { PageHeading } from '../../../components/page-heading';
import { Panel } from '../../../components/panel';
import { ErrorState, LoadingState } from '../../../components/states';
import { useLiveRefresh } from '../../../lib/realtime/live-events';
import { useRemoteData } from '../../../lib/use-remote-data';
import { formatNaira } from '../../../../shared/money';
import { fetchBillingDashboard } from '../api/billing-api';
import { BillingActivityTable } from './billing-activity-table';
import { PaymentsChart } from './payments-chart';
import styles from './dashboard-layout.module.css';

const LIVE = ['invoice_created', 'payment_received'] as const;

/** The billing staff view (product-spec-1 §2, product-spec-2 §2): every figure from the hospital's invoices and payments. */
export function AccountantView() {
  const dashboard = useRemoteData((signal) => fetchBillingDashboard(signal), 'billing-dashboard');
  useLiveRefresh(LIVE, dashboard.refresh);
  const m = dashboard.data?.metrics;
  const loading = dashboard.status === 'loading' && !m;
  const failed = dashboard.status === 'error' && !m;
  const money = (kobo: number | undefined) => (kobo === undefined ? null : formatNaira(kobo));
  return (
    <div className={styles.page}>
      <PageHeading
        title="Billing Dashboard"
        actions={
          <ButtonLink href={paths.user.invoice} size="small">
            Invoices
          </ButtonLink>
        }
      />
      {failed ? <ErrorState message={dashboard.error!.message} onRetry={dashboard.reload} /> : null}
      <MetricGrid label="Key metrics">
        <MetricCard label="Invoices Generated Today" value={m?.invoicesToday ?? null} isLoading={loading} />
        <MetricCard
          label="Total Payments Received"
          value={money(m?.paymentsTodayKobo)}
          isLoading={loading}
          note={m ? `Today · ${formatNaira(m.paymentsMonthKobo)} this month` : undefined}
        />
        <MetricCard
          label="Outstanding Balances"
          value={money(m?.outstandingKobo)}
          isLoading={loading}
          note={
            m ? `${m.outstandingInvoices} invoice${m.outstandingInvoices === 1 ? '' : 's'} not fully paid` : undefined
          }
        />
      </MetricGrid>
      <Panel title="Payments, last 30 days">
        {loading ? (
          <LoadingState label="Loading payments..." />
        ) : failed || !dashboard.data ? null : dashboard.data.paymentsPerDay.every(
            (d) => d.cash + d.pos + d.transfer + d.hmo === 0,
          ) ? (
          <p className={styles.status}>No payments in the last 30 days yet.</p>
        ) : (
          <PaymentsChart days={dashboard.data.paymentsPerDay} />
        )}
      </Panel>
      <Panel
        title="Recent Activity"
        actions={
          <ButtonLink href={paths.user.billingActivity} variant="secondary" size="small">
            View All
          </ButtonLink>
        }
      >
        <BillingActivityTable />
      </Panel>
    </div>
  );
}
