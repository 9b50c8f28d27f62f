import { useState } from 'react';
import { Input, Label, SearchField } from 'react-aria-components';
import { useNavigate } from 'react-router-dom';
import { paths } from '../../app/paths';
import { ButtonLink } from '../../components/button';
import { DataTable, type Column } from '../../components/data-table';
import fieldStyles from '../../components/field.module.css';
import { PageHeading } from '../../components/page-heading';
import { Pagination } from '../../components/pagination';
import { SelectField } from '../../components/select-field';
import { shortDate } from '../../lib/dates';
import { useLiveRefresh } from '../../lib/realtime/live-events';
import { useDebouncedValue } from '../../lib/use-debounced-value';
import { useRemoteData } from '../../lib/use-remote-data';
import { formatNaira } from '../../../shared/money';
import { listInvoices } from './api/invoices-api';
import type { Invoice } from './api/billing-schemas';
import { DateFilters } from './components/date-filters';
import { INVOICE_STATUS_OPTIONS, InvoiceStatusBadge } from './components/invoice-status-badge';
import styles from './components/billing.module.css';
import { useHospitalTimeZone } from '../../lib/hospital-time';

const LIVE = ['invoice_created', 'payment_received'];

/** /user/invoice: the hospital's invoices by status, patient or number and dates, ten a page. */
export default function InvoicesPage() {
  const timeZone = useHospitalTimeZone();
  const navigate = useNavigate();
  const [search, setSearch] = useState('');
  const [status, setStatus] = useState('all');
  const [from, setFrom] = useState('');
  const [to, setTo] = useState('');
  const filtersKey = useDebouncedValue(JSON.stringify({ search: search.trim(), status, from, to }), 400);
  const [paging, setPaging] = useState({ filtersKey, page: 1 });
  const page = paging.filtersKey === filtersKey ? paging.page : 1;
  const query = { ...(JSON.parse(filtersKey) as { search: string; status: string; from: string; to: string }), page };
  const list = useRemoteData((signal) => listInvoices(query, signal), JSON.stringify(query));
  useLiveRefresh(LIVE, list.refresh);
  const money = (kobo: number) => <span className={styles.money}>{formatNaira(kobo)}</span>;

  const columns: Column<Invoice>[] = [
    { key: 'number', header: 'Invoice', render: (i) => i.number },
    { key: 'patient', header: 'Patient', render: (i) => i.patientName },
    { key: 'date', header: 'Date', render: (i) => shortDate(i.createdAt, timeZone) },
    { key: 'total', header: 'Total', render: (i) => money(i.totalKobo) },
    { key: 'paid', header: 'Paid', render: (i) => money(i.paidKobo) },
    { key: 'balance', header: 'Balance', render: (i) => money(i.balanceKobo) },
    { key: 'status', header: 'Status', render: (i) => <InvoiceStatusBadge status={i.status} /> },
    {
      key: 'actions',
      header: 'Actions',
      render: (i) => (
        <ButtonLink href={paths.user.invoiceDetail(i.id)} variant="ghost" size="small" aria-label={`Open ${i.number}`}>
          Open
        </ButtonLink>
      ),
    },
  ];
  const filtered = query.search !== '' || query.status !== 'all' || !!query.from || !!query.to;
  return (
    <div className={styles.page}>
      <PageHeading title={list.data ? `Invoices (${list.data.pagination.totalRecords})` : 'Invoices'} />
      <div className={styles.toolbar} role="search">
        <SearchField className={`${fieldStyles.field} ${styles.grow}`} value={search} onChange={setSearch}>
          <Label className={fieldStyles.label}>Search invoices</Label>
          <Input className={fieldStyles.input} placeholder="Patient name or invoice number" />
        </SearchField>
        <div className={styles.narrow}>
          <SelectField label="Status" options={INVOICE_STATUS_OPTIONS} value={status} onChange={setStatus} />
        </div>
        <DateFilters from={from} to={to} onFrom={setFrom} onTo={setTo} />
      </div>
      <DataTable
        label="Invoices"
        columns={columns}
        rows={list.data?.invoices}
        rowKey={(i) => i.id}
        isLoading={list.status === 'loading'}
        loadingText="Loading invoices..."
        error={list.status === 'error' ? list.error.message : null}
        onRetry={list.reload}
        emptyTitle={filtered ? 'No invoices match these filters' : 'No invoices yet'}
        emptyText={filtered ? undefined : 'Invoices are raised when doctors save consultations.'}
        onRowClick={(i) => navigate(paths.user.invoiceDetail(i.id))}
      />
      <Pagination
        label="Invoices pages"
        page={page}
        totalPages={list.data?.pagination.totalPages ?? 1}
        onPageChange={(next) => setPaging({ filtersKey, page: next })}
      />
    </div>
  );
}
