import { useState } from 'react';
import { SearchField, Input, Label } from 'react-aria-components';
import { toast } from 'react-toastify';
import { paths } from '../../app/paths';
import { ButtonLink } from '../../components/button';
import { PageHeading } from '../../components/page-heading';
import { Pagination } from '../../components/pagination';
import { SelectField } from '../../components/select-field';
import fieldStyles from '../../components/field.module.css';
import { useLiveRefresh } from '../../lib/realtime/live-events';
import { useDebouncedValue } from '../../lib/use-debounced-value';
import { useRemoteData } from '../../lib/use-remote-data';
import { LastSeenNote } from '../../components/last-seen-note';
import { useOfflineQueue } from '../../lib/offline/offline-queue';
import { listPatients } from './api/list-patients';
import type { PatientListItem } from './api/patient-schemas';
import { useCanManagePatients } from './can-manage';
import { DeletePatientDialog } from './components/delete-patient-dialog';
import { PatientsTable } from './components/patients-table';
import { showingRange } from './showing';
import { waitingRegistrations } from './waiting-registrations';
import { STATUS_OPTIONS } from '../../lib/patient-statuses';
import styles from './patients-page.module.css';

export const PAGE_SIZE = 10;
export const SEARCH_DEBOUNCE_MS = 500;
const LIVE_PATIENT_EVENTS = ['patient_created', 'patient_status_changed', 'patient_updated', 'patient_deleted'];

/** /user/patients (product-spec-2 §2): find patients by name, card number or phone. */
export default function PatientsPage() {
  const canManage = useCanManagePatients();
  const [search, setSearch] = useState('');
  const [status, setStatus] = useState('all');
  const [removing, setRemoving] = useState<PatientListItem | null>(null);

  // Search and filter refetch after 500 ms of quiet, from page 1 (product-spec-2 §9).
  const filtersKey = useDebouncedValue(JSON.stringify({ search: search.trim(), status }), SEARCH_DEBOUNCE_MS);
  const [paging, setPaging] = useState({ filtersKey, page: 1 });
  const page = paging.filtersKey === filtersKey ? paging.page : 1;
  const setPage = (next: number) => setPaging({ filtersKey, page: next });
  const filters = JSON.parse(filtersKey) as { search: string; status: string };
  const query = { ...filters, page, limit: PAGE_SIZE };
  const list = useRemoteData((signal) => listPatients(query, signal), JSON.stringify(query));
  // Someone else's registration, edit, status change or deletion shows without a reload.
  useLiveRefresh(LIVE_PATIENT_EVENTS, list.refresh);

  const total = list.data?.pagination.totalPatients ?? 0;
  const shown = list.status === 'success' ? list.data.patients.length : 0;
  const filtered = filters.search !== '' || filters.status !== 'all';
  // Registered on this device and not yet sent: on top of the first page at once (issue 34 §6).
  const queue = useOfflineQueue();
  const waiting =
    page === 1 && !filtered
      ? waitingRegistrations(queue.commands, list.data?.patients.map((p) => p.id) ?? [], new Date())
      : [];
  const rows = list.data ? [...waiting, ...list.data.patients] : waiting.length > 0 ? waiting : undefined;

  return (
    <div className={styles.page}>
      <PageHeading
        title={list.data ? `Patients (${total})` : 'Patients'}
        actions={canManage ? <ButtonLink href={paths.user.registerPatient}>Register Patient</ButtonLink> : null}
      />
      <div className={styles.toolbar} role="search">
        <SearchField className={`${fieldStyles.field} ${styles.search}`} value={search} onChange={setSearch}>
          <Label className={fieldStyles.label}>Search patients</Label>
          <Input className={fieldStyles.input} placeholder="Search by name, card number or phone" />
        </SearchField>
        <div className={styles.filter}>
          <SelectField label="Status" options={STATUS_OPTIONS} value={status} onChange={setStatus} />
        </div>
      </div>
      <LastSeenNote asOf={list.data?.asOf} />
      <PatientsTable
        patients={rows}
        isLoading={list.status === 'loading' && !rows}
        error={list.status === 'error' && waiting.length === 0 ? list.error.message : null}
        onRetry={list.reload}
        emptyTitle={filtered ? 'No patients found matching your search' : 'No patients registered yet'}
        emptyText={filtered ? 'Try another name, card number or phone.' : undefined}
        canManage={canManage}
        onDelete={setRemoving}
      />
      <div className={styles.footer}>
        <span aria-live="polite">{showingRange(page, PAGE_SIZE, shown, total)}</span>
        <Pagination
          label="Patients pages"
          page={page}
          totalPages={list.data?.pagination.totalPages ?? 1}
          onPageChange={setPage}
        />
      </div>
      <DeletePatientDialog
        patient={removing}
        onClose={() => setRemoving(null)}
        onDeleted={(message) => {
          setRemoving(null);
          toast.success(message);
          if (page > 1 && shown === 1) setPage(page - 1);
          else list.reload();
        }}
      />
    </div>
  );
}
