import { ButtonLink } from '../../../components/button';
import { DataTable, type Column } from '../../../components/data-table';
import { shortDate } from '../../../lib/dates';
import { useLiveRefresh } from '../../../lib/realtime/live-events';
import { useRemoteData } from '../../../lib/use-remote-data';
import { formatNaira } from '../../../../shared/money';
import { listInvoices } from '../api/invoices-api';
import type { Invoice } from '../api/billing-schemas';
import { InvoiceStatusBadge } from './invoice-status-badge';
import styles from './billing.module.css';
import { useHospitalTimeZone } from '../../../lib/hospital-time';

const LIVE = ['invoice_created', 'payment_received'];
const NEWEST = { page: 1, status: 'all', search: '', from: '', to: '' };

/**
 * The hospital's ten newest invoices, read-only. With `invoiceHref` each row links to its details
 * (left out when the viewer may not open them).
 */
export function RecentInvoices({ invoiceHref }: { invoiceHref?: (id: string) => string }) {
  const timeZone = useHospitalTimeZone();
  const list = useRemoteData((signal) => listInvoices(NEWEST, signal), 'recent-invoices');
  useLiveRefresh(LIVE, list.refresh);
  const money = (kobo: number) => <span className={styles.money}>{formatNaira(kobo)}</span>;
  const columns: Column<Invoice>[] = [
    { key: 'number', header: 'Invoice', render: (i) => i.number },
    { key: 'patient', header: 'Patient', render: (i) => i.patientName },
    { key: 'date', header: 'Date', render: (i) => shortDate(i.createdAt, timeZone) },
    { key: 'total', header: 'Total', render: (i) => money(i.totalKobo) },
    { key: 'balance', header: 'Balance', render: (i) => money(i.balanceKobo) },
    { key: 'status', header: 'Status', render: (i) => <InvoiceStatusBadge status={i.status} /> },
  ];
  if (invoiceHref) {
    columns.push({
      key: 'actions',
      header: 'Actions',
      render: (i) => (
        <ButtonLink href={invoiceHref(i.id)} variant="ghost" size="small" aria-label={`Open ${i.number}`}>
          Open
        </ButtonLink>
      ),
    });
  }
  return (
    <DataTable
      label="Recent invoices"
      columns={columns}
      rows={list.data?.invoices}
      rowKey={(i) => i.id}
      isLoading={list.status === 'loading'}
      loadingText="Loading invoices..."
      error={list.status === 'error' ? list.error.message : null}
      onRetry={list.reload}
      emptyTitle="No invoices yet"
      emptyText="Invoices are raised when doctors save consultations."
    />
  );
}
