import { useState } from 'react';
import { Input, Label, SearchField } from 'react-aria-components';
import { Button } from '../../components/button';
import { DataTable, type Column } from '../../components/data-table';
import fieldStyles from '../../components/field.module.css';
import { PageHeading } from '../../components/page-heading';
import { Pagination } from '../../components/pagination';
import { Panel } from '../../components/panel';
import { EmptyState } from '../../components/states';
import { shortDateTime } from '../../lib/dates';
import { useLiveRefresh } from '../../lib/realtime/live-events';
import { useDebouncedValue } from '../../lib/use-debounced-value';
import { useRemoteData } from '../../lib/use-remote-data';
import { LastSeenNote } from '../../components/last-seen-note';
import { listWaitingPatients, type WaitingPatient } from './api/waiting-patients';
import { VitalsForm } from './components/vitals-form';
import styles from './vitals-page.module.css';
import { useHospitalTimeZone } from '../../lib/hospital-time';

export const WAITING_PAGE_SIZE = 8;
/** Arrivals, status changes, edits and deletions change who is waiting. */
const WAITING_EVENTS = ['patient_created', 'patient_status_changed', 'patient_updated', 'patient_deleted'];

/** /user/vitals (issue 9): the nurse picks a waiting patient and records their vitals. */
export default function VitalsPage() {
  const timeZone = useHospitalTimeZone();
  const [search, setSearch] = useState('');
  const searched = useDebouncedValue(search.trim(), 500);
  const [paging, setPaging] = useState({ searched, page: 1 });
  const page = paging.searched === searched ? paging.page : 1;
  const [chosen, setChosen] = useState<WaitingPatient | null>(null);
  const query = { page, limit: WAITING_PAGE_SIZE, search: searched };
  const list = useRemoteData((signal) => listWaitingPatients(query, signal), JSON.stringify(query));
  useLiveRefresh(WAITING_EVENTS, list.refresh);

  const columns: Column<WaitingPatient>[] = [
    { key: 'id', header: 'Patient ID', render: (p) => p.identificationNumber },
    { key: 'name', header: 'Name', render: (p) => p.name },
    { key: 'age', header: 'Age', render: (p) => p.age ?? '—' },
    { key: 'gender', header: 'Gender', render: (p) => p.gender },
    {
      key: 'vitals',
      header: 'Last Vitals',
      render: (p) => (p.vitals ? shortDateTime(p.vitals.recordedAt, timeZone) : 'None yet'),
    },
    {
      key: 'actions',
      header: 'Actions',
      render: (p) => (
        <Button
          size="small"
          variant={chosen?.id === p.id ? 'primary' : 'secondary'}
          aria-label={`Record vitals for ${p.name}`}
          aria-pressed={chosen?.id === p.id}
          onPress={() => setChosen(p)}
        >
          Record Vitals
        </Button>
      ),
    },
  ];
  const total = list.data?.pagination.totalPatients ?? 0;

  return (
    <div className={styles.page}>
      <PageHeading title="Vitals" />
      <Panel title="Waiting Patients">
        <SearchField className={`${fieldStyles.field} ${styles.search}`} value={search} onChange={setSearch}>
          <Label className={fieldStyles.label}>Search waiting patients</Label>
          <Input className={fieldStyles.input} placeholder="Search by name, ID or phone" />
        </SearchField>
        <LastSeenNote asOf={list.data?.asOf} />
        <DataTable
          label="Waiting patients"
          columns={columns}
          rows={list.data?.patients}
          rowKey={(p) => p.id}
          isLoading={list.status === 'loading'}
          loadingText="Loading patients..."
          error={list.status === 'error' ? list.error.message : null}
          onRetry={list.reload}
          emptyTitle={searched ? 'No patients found matching your search' : 'No patients waiting'}
          emptyText={searched ? undefined : 'Patients appear here when they are checked in.'}
        />
        <div className={styles.footer}>
          <span aria-live="polite">{list.data ? `${total} waiting patient${total === 1 ? '' : 's'}` : null}</span>
          <Pagination
            label="Waiting patients pages"
            page={page}
            totalPages={list.data?.pagination.totalPages ?? 1}
            onPageChange={(next) => setPaging({ searched, page: next })}
          />
        </div>
      </Panel>
      <Panel title="Record Vitals">
        {chosen ? (
          <VitalsForm
            key={chosen.id}
            patient={chosen}
            onCancel={() => setChosen(null)}
            onRecorded={() => {
              setChosen(null);
              list.refresh();
            }}
          />
        ) : (
          <EmptyState title="Choose a waiting patient">
            <p>Select Record Vitals beside a patient above to take their vitals.</p>
          </EmptyState>
        )}
      </Panel>
    </div>
  );
}
