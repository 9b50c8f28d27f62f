import { useState } from 'react';
import { Input, Label, Link, SearchField } from 'react-aria-components';
import { paths } from '../../app/paths';
import { DataTable, type Column } from '../../components/data-table';
import fieldStyles from '../../components/field.module.css';
import { PageHeading } from '../../components/page-heading';
import { Pagination } from '../../components/pagination';
import { StatusBadge } from '../../components/status-badge';
import { shortDate } from '../../lib/dates';
import { STATUS_OPTIONS } from '../../lib/patient-statuses';
import { useLiveRefresh } from '../../lib/realtime/live-events';
import { useDebouncedValue } from '../../lib/use-debounced-value';
import { useRemoteData } from '../../lib/use-remote-data';
import { listAdminPatients, type AdminPatient } from './api/admin-patients';
import { StatusChips } from './components/status-chips';
import styles from './admin-console.module.css';
import { useHospitalTimeZone } from '../../lib/hospital-time';

export const PAGE_SIZE = 10;
export const SEARCH_DEBOUNCE_MS = 500;
const LIVE_PATIENT_EVENTS = ['patient_created', 'patient_status_changed', 'patient_updated', 'patient_deleted'];

const columnsIn = (timeZone: string): Column<AdminPatient>[] => [
  { key: 'card', header: 'Card number', render: (p) => p.identificationNumber },
  { key: 'name', header: 'Name', render: (p) => p.name },
  { key: 'status', header: 'Status', render: (p) => <StatusBadge status={p.status} /> },
  { key: 'registered', header: 'Registered', render: (p) => shortDate(p.dateRegistered, timeZone) },
  { key: 'by', header: 'Registered by', render: (p) => p.registeredBy?.name ?? '—' },
  {
    key: 'history',
    header: 'History',
    render: (p) => (
      <Link href={paths.admin.patientHistory(p.id)} aria-label={`History of ${p.name}`}>
        View history
      </Link>
    ),
  },
];

/** /admin/patients (issue 13): every patient of the hospital, by status, with who registered them. */
export default function AdminPatientsPage() {
  const timeZone = useHospitalTimeZone();
  const [search, setSearch] = useState('');
  const [status, setStatus] = useState('all');
  const filtersKey = useDebouncedValue(JSON.stringify({ search: search.trim(), status }), SEARCH_DEBOUNCE_MS);
  const [paging, setPaging] = useState({ filtersKey, page: 1 });
  const page = paging.filtersKey === filtersKey ? paging.page : 1;
  const filters = JSON.parse(filtersKey) as { search: string; status: string };
  const query = { ...filters, page, limit: PAGE_SIZE };
  const list = useRemoteData((signal) => listAdminPatients(query, signal), JSON.stringify(query));
  useLiveRefresh(LIVE_PATIENT_EVENTS, list.refresh);
  const filtered = filters.search !== '' || filters.status !== 'all';

  return (
    <div className={styles.page}>
      <PageHeading title={list.data ? `All Patients (${list.data.pagination.totalPatients})` : 'All Patients'} />
      <div className={styles.toolbar} role="search">
        <SearchField className={`${fieldStyles.field} ${styles.search}`} value={search} onChange={setSearch}>
          <Label className={fieldStyles.label}>Search patients</Label>
          <Input className={fieldStyles.input} placeholder="Search by name, card number or phone" />
        </SearchField>
      </div>
      <StatusChips label="Filter by status" chips={STATUS_OPTIONS} value={status} onChange={setStatus} />
      <DataTable
        label="All patients"
        columns={columnsIn(timeZone)}
        rows={list.data?.patients}
        rowKey={(p) => p.id}
        isLoading={list.status === 'loading'}
        loadingText="Loading patients..."
        error={list.status === 'error' ? list.error.message : null}
        onRetry={list.reload}
        emptyTitle={filtered ? 'No patients found matching your search' : 'No patients registered yet'}
      />
      <Pagination
        label="Patients pages"
        page={page}
        totalPages={list.data?.pagination.totalPages ?? 1}
        onPageChange={(next) => setPaging({ filtersKey, page: next })}
      />
    </div>
  );
}
