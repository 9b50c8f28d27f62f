import { DataTable, type Column } from '../../../components/data-table';
import { Panel } from '../../../components/panel';
import { useRemoteData } from '../../../lib/use-remote-data';
import { formatNaira } from '../../../../shared/money';
import {
  downloadRevenueCsv,
  getRevenue,
  type DateRange,
  type RevenueGrouping,
  type RevenueRow,
} from '../api/report-api';
import { money } from './aging-table';
import styles from './billing.module.css';
import { CsvButton } from './csv-button';

const FIRST_COLUMN: Record<RevenueGrouping, string> = {
  day: 'Day',
  month: 'Month',
  service: 'Service',
  payer: 'Payer',
};

/** '2026-05' → 'May 2026'; a day stays YYYY-MM-DD (unambiguous); service and payer labels as given. */
export function revenueLabel(groupBy: RevenueGrouping, label: string): string {
  if (groupBy !== 'month' || !/^\d{4}-\d{2}$/.test(label)) return label;
  return new Date(`${label}-01T00:00:00Z`).toLocaleDateString('en-NG', {
    month: 'long',
    year: 'numeric',
    timeZone: 'UTC',
  });
}

/** One revenue table: invoiced, paid and outstanding per group, its totals, and its CSV. */
export function RevenueTable({ groupBy, title, range }: { groupBy: RevenueGrouping; title: string; range: DateRange }) {
  const report = useRemoteData((signal) => getRevenue(groupBy, range, signal), `${groupBy}:${range.from}:${range.to}`);
  const columns: Column<RevenueRow>[] = [
    { key: 'label', header: FIRST_COLUMN[groupBy], render: (r) => revenueLabel(groupBy, r.label) },
    { key: 'invoices', header: 'Invoices', render: (r) => r.invoices },
    { key: 'invoiced', header: 'Invoiced', render: (r) => money(r.invoicedKobo) },
    { key: 'paid', header: 'Paid', render: (r) => money(r.paidKobo) },
    { key: 'outstanding', header: 'Outstanding', render: (r) => money(r.outstandingKobo) },
  ];
  const data = report.data;
  return (
    <Panel
      title={title}
      badge={
        data ? (
          <span className={styles.muted}>
            {' '}
            {formatNaira(data.totals.paidKobo)} paid of {formatNaira(data.totals.invoicedKobo)}
          </span>
        ) : null
      }
      actions={<CsvButton table={title} download={() => downloadRevenueCsv(groupBy, range)} />}
    >
      {data ? (
        <p className={styles.muted}>
          Invoices raised {data.from} to {data.to}
        </p>
      ) : null}
      <DataTable
        label={title}
        columns={columns}
        rows={data?.rows}
        rowKey={(r) => r.key}
        isLoading={report.status === 'loading'}
        loadingText="Loading revenue..."
        error={report.status === 'error' ? report.error.message : null}
        onRetry={report.reload}
        emptyTitle="No invoices in this period"
      />
    </Panel>
  );
}
