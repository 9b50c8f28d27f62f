import { useAtomValue } from 'jotai';
import { useState } from 'react';
import { Input, Label, SearchField } from 'react-aria-components';
import { Button } from '../../components/button';
import { DataTable, type Column } from '../../components/data-table';
import fieldStyles from '../../components/field.module.css';
import { PageHeading } from '../../components/page-heading';
import { Pagination } from '../../components/pagination';
import { shortDateTime } from '../../lib/dates';
import { useLiveRefresh } from '../../lib/realtime/live-events';
import { signedInUserAtom } from '../../lib/session';
import { useDebouncedValue } from '../../lib/use-debounced-value';
import { useRemoteData } from '../../lib/use-remote-data';
import { listLabRequests, type LabRequest } from './api/lab-requests';
import { ResultSheet } from './components/result-sheet';
import { TestCell } from './components/test-cell';
import { UrgencyBadge } from './components/urgency-badge';
import styles from './laboratory-pages.module.css';
import { useHospitalTimeZone } from '../../lib/hospital-time';

export const REPORT_PAGE_SIZE = 10;

/** /user/report (issue 9): completed lab results, newest first, searchable, each printable. */
export default function ReportPage() {
  const timeZone = useHospitalTimeZone();
  const user = useAtomValue(signedInUserAtom);
  const [search, setSearch] = useState('');
  const searched = useDebouncedValue(search.trim(), 500);
  const [paging, setPaging] = useState({ searched, page: 1 });
  const page = paging.searched === searched ? paging.page : 1;
  const [viewing, setViewing] = useState<LabRequest | null>(null);
  const query = { status: 'completed' as const, search: searched, page, limit: REPORT_PAGE_SIZE };
  const list = useRemoteData((signal) => listLabRequests(query, signal), JSON.stringify(query));
  useLiveRefresh(['LAB_RESULTS_READY'], list.refresh);

  const columns: Column<LabRequest>[] = [
    { key: 'patient', header: 'Patient', render: (r) => r.patientName },
    { key: 'test', header: 'Test', render: (r) => <TestCell request={r} /> },
    { key: 'urgency', header: 'Urgency', render: (r) => <UrgencyBadge urgency={r.urgency} /> },
    { key: 'doctor', header: 'Ordering Doctor', render: (r) => r.orderedBy.name },
    { key: 'completed', header: 'Completed At', render: (r) => shortDateTime(r.completedAt, timeZone) },
    { key: 'conducted', header: 'Conducted By', render: (r) => r.conductedBy ?? '—' },
    {
      key: 'actions',
      header: 'Actions',
      render: (r) => (
        <Button
          size="small"
          variant="secondary"
          aria-label={`View result of ${r.testName} for ${r.patientName}`}
          onPress={() => setViewing(r)}
        >
          View
        </Button>
      ),
    },
  ];
  const total = list.data?.pagination.totalRecords ?? 0;
  const shown = list.status === 'success' ? list.data.requests.length : 0;
  const first = (page - 1) * REPORT_PAGE_SIZE + 1;

  return (
    <div className={styles.page}>
      <PageHeading title="Lab Reports" />
      <div className={styles.toolbar} role="search">
        <SearchField className={`${fieldStyles.field} ${styles.search}`} value={search} onChange={setSearch}>
          <Label className={fieldStyles.label}>Search results</Label>
          <Input className={fieldStyles.input} placeholder="Patient, test, doctor or request ID" />
        </SearchField>
      </div>
      <DataTable
        label="Completed lab results"
        columns={columns}
        rows={list.data?.requests}
        rowKey={(r) => r.id}
        isLoading={list.status === 'loading'}
        loadingText="Loading lab results..."
        error={list.status === 'error' ? list.error.message : null}
        onRetry={list.reload}
        emptyTitle={searched ? 'No results found matching your search' : 'No completed lab results yet'}
        emptyText={searched ? undefined : 'Results appear here once the lab records them.'}
      />
      <div className={styles.footer}>
        <span aria-live="polite">
          {shown > 0 ? `Showing ${first} to ${first + shown - 1} of ${total} results` : null}
        </span>
        <Pagination
          label="Lab results pages"
          page={page}
          totalPages={list.data?.pagination.totalPages ?? 1}
          onPageChange={(next) => setPaging({ searched, page: next })}
        />
      </div>
      {viewing ? (
        <ResultSheet request={viewing} hospitalName={user?.hospital?.name ?? null} onClose={() => setViewing(null)} />
      ) : null}
    </div>
  );
}
