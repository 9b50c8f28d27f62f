import { useState } from 'react';
import { FlashBanner, useFlash } from '../../components/banner';
import { Button } from '../../components/button';
import { Pagination } from '../../components/pagination';
import { seatLimitReached, seatsLine, type PlanUsage } from '../../lib/plans';
import { useDebouncedValue } from '../../lib/use-debounced-value';
import { useRemoteData } from '../../lib/use-remote-data';
import { fetchPlan } from './api/plan-api';
import { listUsers, type CreatedUser, type StaffUser } from './api/users-api';
import { AddUserModal } from './components/add-user-modal';
import { DeleteUserModal } from './components/delete-user-modal';
import { EditUserModal } from './components/edit-user-modal';
import { PlanLimitModal } from './components/plan-limit-modal';
import { UsersTable } from './components/users-table';
import { UsersToolbar } from './components/users-toolbar';
import styles from './users-page.module.css';

export const PAGE_SIZE = 10;
export const SEARCH_DEBOUNCE_MS = 500;
/** `/admin/users?add=1` (the dashboard's Add New User quick action) opens the Add New User dialog. */
export const ADD_USER_PARAM = 'add';
const openedToAdd = () => new URLSearchParams(window.location.search).get(ADD_USER_PARAM) === '1';

/** /admin/users (product-spec-1 §2): find, add, edit and remove staff accounts. */
export default function UsersPage() {
  const [search, setSearch] = useState('');
  const [role, setRole] = useState('');
  const [status, setStatus] = useState('');
  const [adding, setAdding] = useState(openedToAdd);
  const [full, setFull] = useState<PlanUsage | null>(null);
  const [editing, setEditing] = useState<StaffUser | null>(null);
  const [removing, setRemoving] = useState<StaffUser | null>(null);
  const { flash, show, clear } = useFlash();

  // Search and filters refetch after 500 ms of quiet, from page 1 (product-spec-1 §9).
  const filtersKey = useDebouncedValue(JSON.stringify({ search, role, status }), SEARCH_DEBOUNCE_MS);
  const [paging, setPaging] = useState({ filtersKey, page: 1 });
  const page = paging.filtersKey === filtersKey ? paging.page : 1;
  const setPage = (next: number) => setPaging({ filtersKey, page: next });
  const query = {
    ...(JSON.parse(filtersKey) as { search: string; role: string; status: string }),
    page,
    limit: PAGE_SIZE,
  };
  const users = useRemoteData(
    (signal) =>
      listUsers(query, signal).catch((e: Error) => {
        if (!signal.aborted) show('error', e.message);
        throw e;
      }),
    JSON.stringify(query),
  );
  const totalPages = users.data?.pagination.pages ?? 1;
  // The seats in use; unknown (no line, no check) when the stats cannot be read.
  const plan = useRemoteData(fetchPlan, 'plan');

  // A full plan is explained before any form is filled in (the server would refuse the user anyway).
  function addUser() {
    if (plan.data && seatLimitReached(plan.data)) setFull(plan.data);
    else setAdding(true);
  }

  function changed() {
    users.reload();
    plan.reload();
  }

  function created(result: CreatedUser) {
    setAdding(false);
    show('success', result.message);
    changed();
  }

  return (
    <div className={styles.page}>
      <div className={styles.heading}>
        <div>
          <h1 className={styles.title}>Users</h1>
          {plan.data ? <p className={styles.seats}>{seatsLine(plan.data)}</p> : null}
        </div>
        <Button onPress={addUser}>Add New User</Button>
      </div>
      <FlashBanner flash={flash} onDismiss={clear} />
      <UsersToolbar
        search={search}
        onSearchChange={setSearch}
        role={role}
        onRoleChange={setRole}
        status={status}
        onStatusChange={setStatus}
      />
      <UsersTable
        users={users.data?.users}
        isLoading={users.status === 'loading'}
        error={users.status === 'error' ? 'Users could not be loaded.' : null}
        onRetry={users.reload}
        onEdit={setEditing}
        onDelete={setRemoving}
      />
      <Pagination label="Users pages" page={page} totalPages={totalPages} onPageChange={setPage} />
      <AddUserModal isOpen={adding} onClose={() => setAdding(false)} onCreated={created} />
      <PlanLimitModal
        plan={full}
        onClose={() => setFull(null)}
        onUpgraded={(_upgraded, message) => {
          setFull(null);
          show('success', message);
          plan.reload();
          setAdding(true);
        }}
      />
      <EditUserModal
        user={editing}
        onClose={() => setEditing(null)}
        onSaved={() => {
          setEditing(null);
          show('success', 'User updated successfully');
          changed();
        }}
      />
      <DeleteUserModal
        user={removing}
        onClose={() => setRemoving(null)}
        onDeleted={() => {
          setRemoving(null);
          show('success', 'User deleted successfully');
          // Removing the only row of a later page would leave an empty page: step back one instead.
          if (page > 1 && users.data?.users.length === 1) setPage(page - 1);
          else users.reload();
          plan.reload();
        }}
      />
    </div>
  );
}
