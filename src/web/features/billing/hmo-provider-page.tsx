import { useState } from 'react';
import { Button } from '../../components/button';
import { DataTable, type Column } from '../../components/data-table';
import { PageHeading } from '../../components/page-heading';
import { useRemoteData } from '../../lib/use-remote-data';
import { listHmos, type Hmo } from './api/hmo-api';
import styles from './components/billing.module.css';
import { ClaimsPanel } from './hmo/claims-panel';
import { EnrollmentPanel } from './hmo/enrollment-panel';
import { HmoFormDialog } from './hmo/hmo-form-dialog';

/** /user/hmo-provider: HMO providers and their cover, patients' enrollment, and the monthly claims. */
export default function HmoProviderPage() {
  const hmos = useRemoteData((signal) => listHmos(signal), 'hmos');
  const [editing, setEditing] = useState<Hmo | 'new' | null>(null);
  // The list could not be read (the table says why, with Retry): the pickers say so rather than open empty.
  const hmosFailed = hmos.status === 'error' && !hmos.data;
  const columns: Column<Hmo>[] = [
    { key: 'name', header: 'HMO', render: (h) => h.name },
    { key: 'code', header: 'Code', render: (h) => h.code },
    { key: 'contact', header: 'Contact', render: (h) => h.contact ?? '—' },
    {
      key: 'cover',
      header: 'Cover (consultation / medication / lab)',
      render: (h) => `${h.coverage.consultation}% / ${h.coverage.medication}% / ${h.coverage.lab}%`,
    },
    { key: 'enrollees', header: 'Enrolled', render: (h) => h.enrollees ?? 0 },
    { key: 'active', header: 'Status', render: (h) => (h.active ? 'Active' : 'Inactive') },
    {
      key: 'edit',
      header: 'Actions',
      render: (h) => (
        <Button size="small" variant="ghost" aria-label={`Edit ${h.name}`} onPress={() => setEditing(h)}>
          Edit
        </Button>
      ),
    },
  ];
  return (
    <div className={styles.page}>
      <PageHeading title="HMO Providers" actions={<Button onPress={() => setEditing('new')}>Add HMO</Button>} />
      <DataTable
        label="HMO providers"
        columns={columns}
        rows={hmos.data?.hmos}
        rowKey={(h) => h.id}
        isLoading={hmos.status === 'loading'}
        loadingText="Loading HMOs..."
        error={hmos.status === 'error' ? hmos.error.message : null}
        onRetry={hmos.reload}
        emptyTitle="No HMOs yet"
        emptyText="Add the HMOs (and NHIA schemes) your hospital works with."
      />
      <EnrollmentPanel
        hmos={hmos.data?.hmos ?? []}
        onChanged={hmos.refresh}
        hmosLoading={hmos.status === 'loading' && !hmos.data}
        hmosFailed={hmosFailed}
      />
      <ClaimsPanel hmos={hmos.data?.hmos ?? []} hmosLoading={hmos.status === 'loading'} hmosFailed={hmosFailed} />
      {editing ? (
        <HmoFormDialog
          hmo={editing === 'new' ? null : editing}
          isOpen
          onClose={() => setEditing(null)}
          onSaved={() => {
            setEditing(null);
            hmos.refresh();
          }}
        />
      ) : null}
    </div>
  );
}
