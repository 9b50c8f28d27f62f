import { useAtomValue } from 'jotai';
import { useState, type ReactNode } from 'react';
import { Link } from 'react-aria-components';
import { useNavigate } from 'react-router-dom';
import { paths } from '../../../app/paths';
import { ButtonLink } from '../../../components/button';
import { PageHeading } from '../../../components/page-heading';
import { DataTable, type Column } from '../../../components/data-table';
import { MetricCard, MetricGrid } from '../../../components/metric-card';
import { Pagination } from '../../../components/pagination';
import { Panel } from '../../../components/panel';
import { notificationsAtom, realtimeStatusAtom } from '../../../lib/notifications';
import { useLiveRefresh } from '../../../lib/realtime/live-events';
import { useRemoteData } from '../../../lib/use-remote-data';
import { fetchPatients, fetchPatientsSeenByMe, fetchPatientStats, type PatientRow } from '../api/patients-api';
import { fetchLabStats } from '../api/lab-api';
import styles from './dashboard-layout.module.css';

export const WAITING_PAGE_SIZE = 8;
/** product-spec-1 §4 Doctor dashboard list: arrivals, status changes, edits and deletions move the list. */
export const WAITING_LIST_EVENTS = ['patient_created', 'patient_status_changed', 'patient_updated', 'patient_deleted'];

/** Messages after which the lab's figures may have moved. */
const LAB_EVENTS = ['CONSULTATION_CREATED', 'LAB_RESULTS_READY', 'NEW_LAB_ORDER'];
/** What the doctor's "Total Patients Seen" counts, said on the card (issue 34 §6). */
export const SEEN_BY_ME_NOTE = 'Different patients you have recorded a consultation for';

/**
 * The doctor's view, shared by nurses (product-spec-1 §2): who is waiting, how many were seen, and
 * the hospital's lab requests still without results (pending or in progress); lab figures are the
 * doctor's (the lab API does not serve nurses).
 */
export function DoctorView({ title, showLab = true, aside }: { title: string; showLab?: boolean; aside?: ReactNode }) {
  const navigate = useNavigate();
  const status = useAtomValue(realtimeStatusAtom);
  const notificationCount = useAtomValue(notificationsAtom).length;
  const [page, setPage] = useState(1);
  const stats = useRemoteData(fetchPatientStats, 'patient-stats');
  const lab = useRemoteData((signal) => (showLab ? fetchLabStats(signal) : Promise.resolve(null)), `lab-${showLab}`);
  useLiveRefresh(LAB_EVENTS, lab.refresh);
  // The doctor's own count (showLab marks the doctor's view; the nurse's keeps the hospital's figure).
  const mine = useRemoteData(
    (signal) => (showLab ? fetchPatientsSeenByMe(signal) : Promise.resolve(null)),
    `seen-by-me-${showLab}`,
  );
  useLiveRefresh(['CONSULTATION_CREATED'], mine.refresh);
  const waiting = useRemoteData(
    (signal) => fetchPatients({ page, limit: WAITING_PAGE_SIZE, status: 'waiting' }, signal),
    `waiting-${page}`,
  );
  useLiveRefresh(WAITING_LIST_EVENTS, () => {
    waiting.refresh();
    stats.refresh();
  });
  const columns: Column<PatientRow>[] = [
    { key: 'id', header: 'Patient ID', render: (p) => p.identificationNumber ?? '—' },
    { key: 'name', header: 'Name', render: (p) => p.name },
    { key: 'age', header: 'Age', render: (p) => p.age ?? '—' },
    { key: 'gender', header: 'Gender', render: (p) => p.gender ?? '—' },
    { key: 'contact', header: 'Contact', render: (p) => p.contact ?? '—' },
    {
      key: 'actions',
      header: 'Actions',
      render: (p) => (
        <Link href={paths.doctor.patient(p.id)} className={styles.rowLink} aria-label={`Open ${p.name}`}>
          Open
        </Link>
      ),
    },
  ];

  return (
    <div className={styles.page}>
      <PageHeading title={title} />
      <div className={styles.status}>
        <span className={styles.pill} data-connected={status === 'Connected' || undefined}>
          <span className={styles.dot} aria-hidden="true" />
          {status === 'Connected' ? 'Connected' : 'Disconnected'}
        </span>
        <span className={styles.pill}>
          {notificationCount} notification{notificationCount === 1 ? '' : 's'}
        </span>
      </div>
      <MetricGrid label="Key metrics">
        {showLab ? (
          <MetricCard
            label="Total Patients Seen"
            value={mine.status === 'success' ? mine.data : null}
            isLoading={mine.status === 'loading'}
            note={mine.status === 'error' ? mine.error.message : SEEN_BY_ME_NOTE}
          />
        ) : (
          <MetricCard
            label="Total Patients Seen"
            value={stats.status === 'success' ? (stats.data.seenCount ?? stats.data.byStatus.seen ?? 0) : null}
            isLoading={stats.status === 'loading'}
            note={stats.status === 'error' ? stats.error.message : undefined}
          />
        )}
        <MetricCard
          label="Pending Lab Result"
          value={lab.status === 'success' && lab.data ? lab.data.pending + lab.data.inProgress : null}
          isLoading={lab.status === 'loading'}
          note={!showLab ? 'Lab results are shown to doctors' : lab.status === 'error' ? lab.error.message : undefined}
        />
      </MetricGrid>
      <div className={aside ? styles.beside : undefined}>
        <Panel
          title="Waiting Patients"
          actions={
            <ButtonLink href={paths.doctor.patients} variant="secondary" size="small">
              View All
            </ButtonLink>
          }
        >
          <DataTable
            label="Waiting patients"
            columns={columns}
            rows={waiting.data?.patients}
            rowKey={(p) => p.id}
            isLoading={waiting.status === 'loading'}
            loadingText="Loading patients..."
            error={waiting.status === 'error' ? waiting.error.message : null}
            onRetry={waiting.reload}
            emptyTitle="No patients waiting"
            emptyText="Patients appear here when they are checked in."
            onRowClick={(p) => navigate(paths.doctor.patient(p.id))}
          />
          <Pagination
            label="Waiting patients pages"
            page={page}
            totalPages={waiting.data?.pagination.totalPages ?? 1}
            onPageChange={setPage}
          />
        </Panel>
        {aside}
      </div>
    </div>
  );
}
