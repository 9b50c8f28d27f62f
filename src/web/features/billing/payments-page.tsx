import { useState } from 'react';
import { paths } from '../../app/paths';
import { Button, ButtonLink } from '../../components/button';
import { DataTable, type Column } from '../../components/data-table';
import { PageHeading } from '../../components/page-heading';
import { Pagination } from '../../components/pagination';
import { Panel } from '../../components/panel';
import { SelectField } from '../../components/select-field';
import { calendarDate, shortDate } from '../../lib/dates';
import { useLiveRefresh } from '../../lib/realtime/live-events';
import { useRemoteData } from '../../lib/use-remote-data';
import { formatNaira } from '../../../shared/money';
import { listPayments, type PaymentsPage as Ledger } from './api/payments-api';
import { PAYMENT_METHOD_LABELS, type Payment } from './api/billing-schemas';
import { DateFilters } from './components/date-filters';
import styles from './components/billing.module.css';
import { useHospitalTimeZone } from '../../lib/hospital-time';

const METHOD_OPTIONS = [
  { id: 'all', label: 'All methods' },
  ...Object.entries(PAYMENT_METHOD_LABELS).map(([id, label]) => ({ id, label })),
];
const METHODS = Object.keys(PAYMENT_METHOD_LABELS);
type Day = Ledger['days'][number];
/**
 * The cash-up's days shown at first (newest first): a period of years is hundreds of rows, which took
 * the screen over a second to draw on a hospital with two years of payments (bench:screens). The
 * rest are one press away; the badge's total is the whole period's.
 */
export const CASH_UP_DAYS_SHOWN = 14;

/** /user/payments: the payments ledger and the end-of-day cash-up (totals per day per method). */
export default function PaymentsPage() {
  const timeZone = useHospitalTimeZone();
  const [method, setMethod] = useState('all');
  const [from, setFrom] = useState('');
  const [to, setTo] = useState('');
  const filtersKey = JSON.stringify({ method, from, to });
  const [paging, setPaging] = useState({ filtersKey, page: 1 });
  const page = paging.filtersKey === filtersKey ? paging.page : 1;
  const query = { method, from, to, page };
  const list = useRemoteData((signal) => listPayments(query, signal), JSON.stringify(query));
  const [allDaysFor, setAllDaysFor] = useState<string | null>(null);
  const days = list.data?.days;
  const shownDays = allDaysFor === filtersKey ? days : days?.slice(0, CASH_UP_DAYS_SHOWN);
  useLiveRefresh(['payment_received'], list.refresh);
  const money = (kobo: number) => <span className={styles.money}>{formatNaira(kobo)}</span>;
  const loading = list.status === 'loading';
  const error = list.status === 'error' ? list.error.message : null;

  const dayColumns: Column<Day>[] = [
    { key: 'date', header: 'Day', render: (d) => calendarDate(d.date) },
    ...METHODS.map((m) => ({
      key: m,
      header: PAYMENT_METHOD_LABELS[m]!,
      render: (d: Day) => money(d.byMethod[m] ?? 0),
    })),
    { key: 'count', header: 'Payments', render: (d) => d.count },
    { key: 'total', header: 'Total', render: (d) => <strong>{money(d.totalKobo)}</strong> },
  ];
  const columns: Column<Payment>[] = [
    { key: 'receipt', header: 'Receipt', render: (p) => p.receiptNumber },
    { key: 'date', header: 'Date', render: (p) => shortDate(p.receivedAt, timeZone) },
    { key: 'patient', header: 'Patient', render: (p) => p.patientName },
    { key: 'method', header: 'Method', render: (p) => PAYMENT_METHOD_LABELS[p.method] ?? p.method },
    { key: 'reference', header: 'Reference', render: (p) => p.reference ?? '—' },
    { key: 'amount', header: 'Amount', render: (p) => money(p.amountKobo) },
    { key: 'by', header: 'Received by', render: (p) => p.receivedBy },
    {
      key: 'actions',
      header: 'Actions',
      render: (p) => (
        <span className={styles.actions}>
          <ButtonLink
            href={paths.user.receipt(p.id)}
            variant="ghost"
            size="small"
            aria-label={`Receipt ${p.receiptNumber}`}
          >
            Receipt
          </ButtonLink>
          <ButtonLink
            href={paths.user.invoiceDetail(p.invoiceId)}
            variant="ghost"
            size="small"
            aria-label={`Invoice of ${p.receiptNumber}`}
          >
            Invoice
          </ButtonLink>
        </span>
      ),
    },
  ];
  return (
    <div className={styles.page}>
      <PageHeading title="Payments" />
      <div className={styles.toolbar} role="search">
        <div className={styles.narrow}>
          <SelectField label="Method" options={METHOD_OPTIONS} value={method} onChange={setMethod} />
        </div>
        <DateFilters from={from} to={to} onFrom={setFrom} onTo={setTo} />
      </div>
      <Panel
        title="Cash-up by day"
        badge={list.data ? <strong className={styles.money}>{formatNaira(list.data.totalKobo)}</strong> : null}
      >
        <DataTable
          label="Totals per day per method"
          columns={dayColumns}
          rows={shownDays}
          rowKey={(d) => d.date}
          isLoading={loading && !list.data}
          error={error}
          onRetry={list.reload}
          emptyTitle="No payments in this period"
        />
        {days && shownDays && days.length > shownDays.length ? (
          <Button variant="secondary" onPress={() => setAllDaysFor(filtersKey)}>
            {`Show all ${days.length} days`}
          </Button>
        ) : null}
      </Panel>
      <Panel title="Ledger">
        <DataTable
          label="Payments ledger"
          columns={columns}
          rows={list.data?.payments}
          rowKey={(p) => p.id}
          isLoading={loading}
          loadingText="Loading payments..."
          error={error}
          onRetry={list.reload}
          emptyTitle="No payments yet"
          emptyText="Payments appear here as they are recorded against invoices."
        />
        <Pagination
          label="Payments pages"
          page={page}
          totalPages={list.data?.pagination.totalPages ?? 1}
          onPageChange={(next) => setPaging({ filtersKey, page: next })}
        />
      </Panel>
    </div>
  );
}
