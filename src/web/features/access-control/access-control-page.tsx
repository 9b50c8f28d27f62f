import { useState } from 'react';
import { Input, SearchField } from 'react-aria-components';
import { FlashBanner, useFlash } from '../../components/banner';
import { Button } from '../../components/button';
import { PageHeading } from '../../components/page-heading';
import { Pagination } from '../../components/pagination';
import { EmptyState, ErrorState, LoadingState } from '../../components/states';
import { UnsavedChangesGuard } from '../../components/unsaved-changes-guard';
import { pageCount } from '../../lib/page-window';
import { useRemoteData } from '../../lib/use-remote-data';
import {
  fetchAccessMatrix,
  resetAccessMatrix,
  saveAccessMatrix,
  type AccessMatrixAnswer,
  type ModuleRoles,
} from './api/access-matrix-api';
import { MatrixTable } from './components/matrix-table';
import { filterModules, isDirty, MODULES_PER_PAGE, rolesOf, toggle } from './matrix-draft';
import styles from './access-control-page.module.css';

/** /admin/access-control (product-spec-2 §2, §6): which roles may use which module, enforced by the server. */
export default function AccessControlPage() {
  const remote = useRemoteData(fetchAccessMatrix, 'access-matrix');
  const [saved, setSaved] = useState<AccessMatrixAnswer | null>(null);
  const [draft, setDraft] = useState<ModuleRoles | null>(null);
  const [search, setSearch] = useState('');
  const [page, setPage] = useState(1);
  const [busy, setBusy] = useState(false);
  const { flash, show, clear } = useFlash();

  const matrix = saved ?? remote.data ?? null;
  const savedRoles = matrix ? rolesOf(matrix) : {};
  const current = draft ?? savedRoles;
  const dirty = matrix !== null && isDirty(current, savedRoles);
  const found = matrix ? filterModules(matrix.modules, search) : [];
  const totalPages = Math.max(1, pageCount(found.length, MODULES_PER_PAGE));
  const shown = found.slice((page - 1) * MODULES_PER_PAGE, page * MODULES_PER_PAGE);

  async function run(action: () => Promise<{ matrix: AccessMatrixAnswer; message: string }>) {
    setBusy(true);
    try {
      const result = await action();
      setSaved(result.matrix);
      setDraft(null);
      show('success', result.message);
    } catch (e) {
      show('error', e instanceof Error ? e.message : String(e));
    } finally {
      setBusy(false);
    }
  }

  let body;
  if (!matrix && remote.status === 'error')
    body = <ErrorState message={remote.error.message} onRetry={remote.reload} />;
  else if (!matrix) body = <LoadingState label="Loading access control settings..." />;
  else if (shown.length === 0) body = <EmptyState title="No modules found matching your search" />;
  else
    body = (
      <MatrixTable
        modules={shown}
        roles={matrix.roles}
        draft={current}
        isDisabled={busy}
        onToggle={(module, role, on) => setDraft(toggle(current, module, role, on))}
      />
    );

  return (
    <section className={styles.page} aria-labelledby="access-control-title">
      <PageHeading
        title="Access Control"
        actions={
          <>
            <Button variant="secondary" isDisabled={!matrix || busy} onPress={() => void run(resetAccessMatrix)}>
              Reset
            </Button>
            <Button
              isDisabled={!matrix || busy || !dirty}
              onPress={() => void run(() => saveAccessMatrix(current, matrix!.version))}
            >
              {busy ? 'Saving...' : 'Save Changes'}
            </Button>
          </>
        }
      />
      <FlashBanner flash={flash} onDismiss={clear} />
      <p className={styles.intro}>
        Choose which roles may use each module. The server refuses a module to a role without its tick; the
        administrator always keeps every module.
        {dirty ? <strong className={styles.unsaved}> You have unsaved changes.</strong> : null}
      </p>
      <SearchField
        className={styles.search}
        aria-label="Search modules"
        value={search}
        onChange={(v) => {
          setSearch(v);
          setPage(1);
        }}
      >
        <Input className={styles.input} placeholder="Search modules" />
      </SearchField>
      {body}
      {matrix && found.length > MODULES_PER_PAGE ? (
        <Pagination page={page} totalPages={totalPages} onPageChange={setPage} label="Modules pages" />
      ) : null}
      <UnsavedChangesGuard when={dirty} />
    </section>
  );
}
