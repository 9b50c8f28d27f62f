import { useAtomValue } from 'jotai';
import { useState } from 'react';
import { Input, Label, Link, SearchField, Tab, TabList, Tabs } from 'react-aria-components';
import { useNavigate } from 'react-router-dom';
import { paths } from '../../app/paths';
import { DataTable, type Column } from '../../components/data-table';
import fieldStyles from '../../components/field.module.css';
import { PageHeading } from '../../components/page-heading';
import { Pagination } from '../../components/pagination';
import { notificationsAtom, realtimeStatusAtom } from '../../lib/notifications';
import { useLiveRefresh } from '../../lib/realtime/live-events';
import { useDebouncedValue } from '../../lib/use-debounced-value';
import { useRemoteData } from '../../lib/use-remote-data';
import { listPatients } from './api/list-patients';
import type { PatientListItem } from './api/patient-schemas';
import { fetchPatientStats } from './api/patient-stats';
import { StatusBadge } from '../../components/status-badge';
import styles from './patients-page.module.css';
import tabs from '../../components/tabs.module.css';
import tabStyles from './doctor-patients-page.module.css';

export const DOCTOR_PAGE_SIZE = 10;
const LIVE_PATIENT_EVENTS = ['patient_created', 'patient_status_changed', 'patient_updated', 'patient_deleted'];
type Tab = 'seen' | 'waiting';

/** /doctor/patients (product-spec-2 §2): the Patient Seen and Waiting Patients tabs. */
export default function DoctorPatientsPage() {
  const navigate = useNavigate();
  const connection = useAtomValue(realtimeStatusAtom);
  const notificationCount = useAtomValue(notificationsAtom).length;
  const [tab, setTab] = useState<Tab>('waiting');
  const [search, setSearch] = useState('');
  const filtersKey = useDebouncedValue(JSON.stringify({ search: search.trim(), tab }), 500);
  const [paging, setPaging] = useState({ filtersKey, page: 1 });
  const page = paging.filtersKey === filtersKey ? paging.page : 1;
  const filters = JSON.parse(filtersKey) as { search: string; tab: Tab };
  const query = { search: filters.search, status: filters.tab, page, limit: DOCTOR_PAGE_SIZE };
  const list = useRemoteData((signal) => listPatients(query, signal), JSON.stringify(query));
  const stats = useRemoteData(fetchPatientStats, 'doctor-patient-stats');
  // product-spec-1 §4 Doctor dashboard list, product-spec-2 §4: both tabs and their counts follow live changes.
  useLiveRefresh(LIVE_PATIENT_EVENTS, () => {
    list.refresh();
    stats.refresh();
  });
  const count = (t: Tab) => (stats.data ? (stats.data.byStatus[t] ?? 0) : null);

  const columns: Column<PatientListItem>[] = [
    { key: 'id', header: 'Patient ID', render: (p) => p.identificationNumber },
    {
      key: 'name',
      header: 'Name',
      render: (p) => (
        <Link href={paths.doctor.patient(p.id)} className={styles.action}>
          {p.name}
        </Link>
      ),
    },
    { key: 'age', header: 'Age', render: (p) => p.age ?? '—' },
    { key: 'gender', header: 'Gender', render: (p) => p.gender },
    { key: 'contact', header: 'Contact', render: (p) => p.contact },
    { key: 'status', header: 'Status', render: (p) => <StatusBadge status={p.status} /> },
  ];
  const shown = list.status === 'success' ? list.data.patients.length : 0;
  const total = list.data?.pagination.totalPatients ?? 0;
  const label = filters.tab === 'waiting' ? 'waiting' : 'seen';

  return (
    <div className={styles.page}>
      <PageHeading title="Patients" />
      <div className={tabStyles.status}>
        <span className={tabStyles.pill} data-connected={connection === 'Connected' || undefined}>
          {connection === 'Connected' ? 'Connected' : 'Disconnected'}
        </span>
        <span className={tabStyles.pill}>
          {notificationCount} notification{notificationCount === 1 ? '' : 's'}
        </span>
      </div>
      <Tabs selectedKey={tab} onSelectionChange={(key) => setTab(key as Tab)}>
        <TabList aria-label="Patient lists" className={tabs.tabs}>
          <Tab id="seen" className={tabs.tab}>
            Patient Seen <span className={styles.count}>({count('seen') ?? '…'})</span>
          </Tab>
          <Tab id="waiting" className={tabs.tab}>
            Waiting Patients <span className={styles.count}>({count('waiting') ?? '…'})</span>
          </Tab>
        </TabList>
      </Tabs>
      <div className={styles.toolbar} role="search">
        <SearchField className={`${fieldStyles.field} ${styles.search}`} value={search} onChange={setSearch}>
          <Label className={fieldStyles.label}>Search patients</Label>
          <Input className={fieldStyles.input} placeholder="Search by name or ID" />
        </SearchField>
      </div>
      <DataTable
        label={filters.tab === 'waiting' ? 'Waiting patients' : 'Patients seen'}
        columns={columns}
        rows={list.data?.patients}
        rowKey={(p) => p.id}
        isLoading={list.status === 'loading'}
        loadingText="Loading patients..."
        error={list.status === 'error' ? list.error.message : null}
        onRetry={list.reload}
        emptyTitle={
          filters.search
            ? 'No patients found matching your search'
            : filters.tab === 'waiting'
              ? 'No patients waiting'
              : 'No patients seen yet'
        }
        onRowClick={(p) => navigate(paths.doctor.patient(p.id))}
      />
      <div className={styles.footer}>
        <span aria-live="polite">{list.data ? `Showing ${shown} of ${total} ${label} patients` : null}</span>
        <Pagination
          label="Patients pages"
          page={page}
          totalPages={list.data?.pagination.totalPages ?? 1}
          onPageChange={(next) => setPaging({ filtersKey, page: next })}
        />
      </div>
    </div>
  );
}
