import { Button } from 'react-aria-components';
import { DataTable, type Column } from '../../../components/data-table';
import { roleLabel } from '../../../lib/roles';
import { type StaffUser, userKey } from '../api/users-api';
import { fullNameOf } from '../names';
import styles from './users-table.module.css';

type UsersTableProps = {
  users: StaffUser[] | undefined;
  isLoading: boolean;
  error: string | null;
  onRetry: () => void;
  onEdit: (user: StaffUser) => void;
  onDelete: (user: StaffUser) => void;
};

/** User ID, Name, Email, Role, Status, Actions (product-spec-1 §2). */
export function UsersTable({ users, isLoading, error, onRetry, onEdit, onDelete }: UsersTableProps) {
  const columns: Column<StaffUser>[] = [
    { key: 'id', header: 'User ID', render: (u) => <span className={styles.id}>{u.employeeId}</span> },
    { key: 'name', header: 'Name', render: (u) => <span className={styles.name}>{fullNameOf(u)}</span> },
    { key: 'email', header: 'Email', render: (u) => u.email },
    { key: 'role', header: 'Role', render: (u) => roleLabel(u.role) },
    {
      key: 'status',
      header: 'Status',
      render: (u) => (
        <>
          <span className={`${styles.status} ${u.isActive ? styles.active : styles.inactive}`}>
            {u.isActive ? 'Active' : 'Inactive'}
          </span>
          {/* null, not absent: the server says this member has never signed in. */}
          {u.lastSignInAt === null ? <span className={styles.never}>Not signed in yet</span> : null}
        </>
      ),
    },
    {
      key: 'actions',
      header: 'Actions',
      render: (u) => (
        <div className={styles.actions}>
          <Button className={styles.action} aria-label={`Edit ${fullNameOf(u)}`} onPress={() => onEdit(u)}>
            Edit
          </Button>
          <Button
            className={`${styles.action} ${styles.delete}`}
            aria-label={`Delete ${fullNameOf(u)}`}
            onPress={() => onDelete(u)}
          >
            Delete
          </Button>
        </div>
      ),
    },
  ];
  return (
    <DataTable
      label="Users"
      columns={columns}
      rows={users}
      rowKey={userKey}
      isLoading={isLoading}
      loadingText="Loading users..."
      error={error}
      onRetry={onRetry}
      emptyTitle="No users found"
    />
  );
}
