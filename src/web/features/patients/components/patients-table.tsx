import { Button, Link } from 'react-aria-components';
import { useNavigate } from 'react-router-dom';
import { paths } from '../../../app/paths';
import { DataTable, type Column } from '../../../components/data-table';
import type { PatientListItem } from '../api/patient-schemas';
import { StatusBadge } from '../../../components/status-badge';
import { isWaiting } from '../waiting-registrations';
import styles from '../patients-page.module.css';

type PatientsTableProps = {
  patients: PatientListItem[] | undefined;
  isLoading: boolean;
  error: string | null;
  onRetry: () => void;
  emptyTitle: string;
  emptyText?: string;
  canManage: boolean;
  onDelete: (patient: PatientListItem) => void;
};

/** ID, Name, Age, Gender, Contact, Status, Actions (product-spec-2 §2); a row opens the profile. */
export function PatientsTable(props: PatientsTableProps) {
  const navigate = useNavigate();
  const columns: Column<PatientListItem>[] = [
    { key: 'id', header: 'ID', render: (p) => p.identificationNumber },
    {
      key: 'name',
      header: 'Name',
      // A registration still on this device has no record on the server to open yet.
      render: (p) =>
        isWaiting(p) ? (
          p.name
        ) : (
          <Link href={paths.user.patient(p.id)} className={styles.action}>
            {p.name}
          </Link>
        ),
    },
    { key: 'age', header: 'Age', render: (p) => p.age ?? '—' },
    { key: 'gender', header: 'Gender', render: (p) => p.gender },
    { key: 'contact', header: 'Contact', render: (p) => p.contact },
    {
      key: 'status',
      header: 'Status',
      render: (p) =>
        isWaiting(p) ? (
          <span className={styles.waitingToSend}>Waiting to send</span>
        ) : (
          <StatusBadge status={p.status} />
        ),
    },
  ];
  if (props.canManage) {
    columns.push({
      key: 'actions',
      header: 'Actions',
      render: (p) =>
        isWaiting(p) ? null : (
          // The row opens the profile: the actions keep their clicks to themselves.
          <div className={styles.actions} onClick={(e) => e.stopPropagation()}>
            <Link href={paths.user.editPatient(p.id)} className={styles.action} aria-label={`Edit ${p.name}`}>
              Edit
            </Link>
            <Button
              className={`${styles.action} ${styles.danger}`}
              aria-label={`Delete ${p.name}`}
              onPress={() => props.onDelete(p)}
            >
              Delete
            </Button>
          </div>
        ),
    });
  }
  return (
    <DataTable
      label="Patients"
      columns={columns}
      rows={props.patients}
      rowKey={(p) => p.id}
      isLoading={props.isLoading}
      loadingText="Loading patients..."
      error={props.error}
      onRetry={props.onRetry}
      emptyTitle={props.emptyTitle}
      emptyText={props.emptyText}
      onRowClick={(p) => (isWaiting(p) ? undefined : navigate(paths.user.patient(p.id)))}
    />
  );
}
