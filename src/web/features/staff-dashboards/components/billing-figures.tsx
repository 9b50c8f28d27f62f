import { MetricCard, MetricGrid } from '../../../components/metric-card';
import { Panel } from '../../../components/panel';
import { ErrorState, LoadingState } from '../../../components/states';
import { useLiveRefresh } from '../../../lib/realtime/live-events';
import { useRemoteData } from '../../../lib/use-remote-data';
import { formatNaira } from '../../../../shared/money';
import { fetchBillingDashboard } from '../api/billing-api';
import { PaymentsChart } from './payments-chart';
import styles from './dashboard-layout.module.css';

const LIVE = ['invoice_created', 'payment_received'] as const;

/**
 * The accountant's figures (product-spec-1 §2): key metrics and the 30-day payments chart, from
 * GET /api/billing/dashboard, refreshed live. Shared by the billing dashboard and /admin/billing.
 */
export function BillingFigures() {
  const dashboard = useRemoteData((signal) => fetchBillingDashboard(signal), 'billing-dashboard');
  useLiveRefresh(LIVE, dashboard.refresh);
  const m = dashboard.data?.metrics;
  const loading = dashboard.status === 'loading' && !m;
  const failed = dashboard.status === 'error' && !m;
  const money = (kobo: number | undefined) => (kobo === undefined ? null : formatNaira(kobo));
  return (
    <>
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
    </>
  );
}
