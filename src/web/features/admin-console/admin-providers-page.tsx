import { DataTable, type Column } from '../../components/data-table';
import { EmptyState } from '../../components/states';
import { PageHeading } from '../../components/page-heading';
import { useRemoteData } from '../../lib/use-remote-data';
import { fetchHmos, type Hmo } from './api/admin-hmos';
import styles from './admin-console.module.css';

const columns: Column<Hmo>[] = [{ key: 'name', header: 'Provider', render: (h) => h.name }];

/** /admin/providers (issue 13): the HMO providers, read-only; says so honestly while the server has none. */
export default function AdminProvidersPage() {
  const hmos = useRemoteData(fetchHmos, 'hmos');
  return (
    <div className={styles.page}>
      <PageHeading title="HMO Providers" />
      {hmos.status === 'success' && hmos.data === null ? (
        <EmptyState title="HMO providers are not available yet">
          <p className={styles.muted}>This server does not manage HMO providers yet.</p>
        </EmptyState>
      ) : (
        <DataTable
          label="HMO providers"
          columns={columns}
          rows={hmos.data ?? undefined}
          rowKey={(h) => h.id}
          isLoading={hmos.status === 'loading'}
          loadingText="Loading providers..."
          error={hmos.status === 'error' ? hmos.error.message : null}
          onRetry={hmos.reload}
          emptyTitle="No HMO providers yet"
        />
      )}
    </div>
  );
}
