import { useState, type ReactNode } from 'react';
import { Button, Link } from 'react-aria-components';
import { toast } from 'react-toastify';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { paths } from '../../../app/paths';
import { ButtonLink } from '../../../components/button';
import { PageHeading } from '../../../components/page-heading';
import { DataTable, type Column } from '../../../components/data-table';
import { MetricCard, MetricGrid } from '../../../components/metric-card';
import { Pagination } from '../../../components/pagination';
import { Panel } from '../../../components/panel';
import { shortDate } from '../../../lib/dates';
import { useLiveRefresh } from '../../../lib/realtime/live-events';
import { useRemoteData } from '../../../lib/use-remote-data';
import { deletePatient, fetchPatients, fetchPatientStats, type PatientRow } from '../api/patients-api';
import styles from './dashboard-layout.module.css';
import { useHospitalTimeZone } from '../../../lib/hospital-time';

export const RECENT_PATIENTS_PAGE_SIZE = 9;
const RECENT_PATIENT_EVENTS = ['patient_created', 'patient_updated', 'patient_deleted'];

/** The receptionist's view (product-spec-1 §2): registration totals and the latest registered patients. */
/** `queue` is the day's front-desk queue, composed in by app/ from the appointments feature. */
export function ReceptionistView({ queue }: { queue?: ReactNode } = {}) {
  const timeZone = useHospitalTimeZone();
  const [page, setPage] = useState(1);
  const [removing, setRemoving] = useState<PatientRow | null>(null);
  const stats = useRemoteData(fetchPatientStats, 'patient-stats');
  const recent = useRemoteData(
    (signal) => fetchPatients({ page, limit: RECENT_PATIENTS_PAGE_SIZE }, signal),
    `recent-${page}`,
  );
  useLiveRefresh(RECENT_PATIENT_EVENTS, () => {
    recent.refresh();
    stats.refresh();
  });
  const statsNote = stats.status === 'error' ? stats.error.message : undefined;
  const columns: Column<PatientRow>[] = [
    { key: 'id', header: 'Patient ID', render: (p) => p.identificationNumber ?? '—' },
    { key: 'name', header: 'Name', render: (p) => p.name },
    { key: 'age', header: 'Age', render: (p) => p.age ?? '—' },
    { key: 'gender', header: 'Gender', render: (p) => p.gender ?? '—' },
    { key: 'contact', header: 'Contact', render: (p) => p.contact ?? '—' },
    { key: 'date', header: 'Date Registered', render: (p) => shortDate(p.dateRegistered, timeZone) },
    {
      key: 'actions',
      header: 'Actions',
      render: (p) => (
        <div className={styles.rowActions}>
          <Link href={paths.user.editPatient(p.id)} className={styles.rowLink} aria-label={`Edit ${p.name}`}>
            Edit
          </Link>
          <Button className={styles.rowDelete} aria-label={`Delete ${p.name}`} onPress={() => setRemoving(p)}>
            Delete
          </Button>
        </div>
      ),
    },
  ];

  return (
    <div className={styles.page}>
      <PageHeading
        title="Receptionist Dashboard"
        actions={<ButtonLink href={paths.user.registerPatient}>Register Patient</ButtonLink>}
      />
      <MetricGrid label="Key metrics">
        <MetricCard
          label="Total Registered Patient"
          value={stats.status === 'success' ? stats.data.totalPatients : null}
          isLoading={stats.status === 'loading'}
          note={statsNote}
        />
        <MetricCard
          label="Patients Registered Today"
          value={stats.status === 'success' ? stats.data.registeredToday : null}
          isLoading={stats.status === 'loading'}
          note={statsNote}
        />
      </MetricGrid>
      {queue}
      <Panel
        title="Recent Patients Registered"
        actions={
          <ButtonLink href={paths.user.patients} variant="secondary" size="small">
            View All Patients
          </ButtonLink>
        }
      >
        <DataTable
          label="Recent patients registered"
          columns={columns}
          rows={recent.data?.patients}
          rowKey={(p) => p.id}
          isLoading={recent.status === 'loading'}
          loadingText="Loading patients..."
          error={recent.status === 'error' ? recent.error.message : null}
          onRetry={recent.reload}
          emptyTitle="No patients registered yet"
          emptyText="Patients you register appear here."
        />
        <Pagination
          label="Recent patients pages"
          page={page}
          totalPages={recent.data?.pagination.totalPages ?? 1}
          onPageChange={setPage}
        />
      </Panel>
      <ConfirmDialog
        title="Delete Patient"
        isOpen={!!removing}
        confirmLabel="Delete"
        busyLabel="Deleting..."
        onClose={() => setRemoving(null)}
        onConfirm={async () => {
          if (!removing) return;
          await deletePatient(removing.id);
          setRemoving(null);
          toast.success('Patient deleted successfully');
          stats.reload();
          if (page > 1 && recent.data?.patients.length === 1) setPage(page - 1);
          else recent.reload();
        }}
      >
        <p>
          Are you sure you want to delete this patient? <strong>{removing?.name}</strong> will leave every list.
        </p>
      </ConfirmDialog>
    </div>
  );
}
