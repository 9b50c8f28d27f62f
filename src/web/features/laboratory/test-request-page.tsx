import { useAtomValue } from 'jotai';
import { useState } from 'react';
import { Tab, TabList, TabPanel, Tabs } from 'react-aria-components';
import { toast } from 'react-toastify';
import { Button } from '../../components/button';
import { DataTable, type Column } from '../../components/data-table';
import { PageHeading } from '../../components/page-heading';
import { Pagination } from '../../components/pagination';
import { shortDateTime } from '../../lib/dates';
import { useLiveRefresh } from '../../lib/realtime/live-events';
import { signedInUserAtom } from '../../lib/session';
import { useRemoteData } from '../../lib/use-remote-data';
import { fetchLabCounts, listLabRequests, startLabRequest, type LabRequest, type LabStatus } from './api/lab-requests';
import { ResultsDialog } from './components/results-dialog';
import { TestCell } from './components/test-cell';
import { UrgencyBadge } from './components/urgency-badge';
import styles from './laboratory-pages.module.css';
import { useHospitalTimeZone } from '../../lib/hospital-time';

export const QUEUE_PAGE_SIZE = 10;
/** A new order arrives (its toast comes from the live connection); results recorded elsewhere leave the queue. */
export const LAB_QUEUE_EVENTS = ['NEW_LAB_ORDER', 'LAB_RESULTS_READY'];
const TABS: { id: LabStatus; label: string }[] = [
  { id: 'pending', label: 'Pending' },
  { id: 'in progress', label: 'In Progress' },
  { id: 'completed', label: 'Completed' },
];
const EMPTY: Record<LabStatus, string> = {
  pending: 'No pending test requests',
  'in progress': 'No tests in progress',
  completed: 'No completed tests yet',
};

/**
 * /user/test-request (issue 9): the lab queue, STAT first. Start opens Enter Results at once (issue 34:
 * the test no longer slips into the In Progress tab unseen); closing the form leaves it in that tab.
 */
export default function TestRequestPage() {
  const timeZone = useHospitalTimeZone();
  const user = useAtomValue(signedInUserAtom);
  const [tab, setTab] = useState<LabStatus>('pending');
  const [pages, setPages] = useState<Record<LabStatus, number>>({ pending: 1, 'in progress': 1, completed: 1 });
  const [busy, setBusy] = useState<string | null>(null);
  const [entering, setEntering] = useState<LabRequest | null>(null);
  const page = pages[tab];
  const query = { status: tab, page, limit: QUEUE_PAGE_SIZE };
  const list = useRemoteData((signal) => listLabRequests(query, signal), JSON.stringify(query));
  const counts = useRemoteData(fetchLabCounts, 'lab-counts');
  const refreshAll = () => {
    list.refresh();
    counts.refresh();
  };
  useLiveRefresh(LAB_QUEUE_EVENTS, refreshAll);

  const start = async (request: LabRequest) => {
    setBusy(request.id);
    try {
      const started = await startLabRequest(request.id);
      // Straight on to the results: the test is in progress now, and that tab is where it waits if the form is closed.
      setTab('in progress');
      setEntering(started);
      refreshAll();
    } catch (e) {
      toast.error((e as Error).message);
    } finally {
      setBusy(null);
    }
  };

  const count = (status: LabStatus) =>
    status === 'completed' || !counts.data ? null : status === 'pending' ? counts.data.pending : counts.data.inProgress;
  const lead: Column<LabRequest>[] = [
    { key: 'urgency', header: 'Urgency', render: (r) => <UrgencyBadge urgency={r.urgency} /> },
    { key: 'patient', header: 'Patient', render: (r) => r.patientName },
    { key: 'test', header: 'Test', render: (r) => <TestCell request={r} /> },
    { key: 'doctor', header: 'Ordering Doctor', render: (r) => r.orderedBy.name },
    { key: 'ordered', header: 'Ordered At', render: (r) => shortDateTime(r.orderedAt, timeZone) },
  ];
  const tail: Column<LabRequest>[] =
    tab === 'completed'
      ? [
          { key: 'completed', header: 'Completed At', render: (r) => shortDateTime(r.completedAt, timeZone) },
          { key: 'conducted', header: 'Conducted By', render: (r) => r.conductedBy ?? '—' },
        ]
      : [
          {
            key: 'actions',
            header: 'Actions',
            render: (r) =>
              r.status === 'pending' ? (
                <Button
                  size="small"
                  aria-label={`Start ${r.testName} for ${r.patientName}`}
                  isDisabled={busy !== null}
                  onPress={() => void start(r)}
                >
                  {busy === r.id ? 'Starting...' : 'Start'}
                </Button>
              ) : (
                <Button
                  size="small"
                  aria-label={`Enter results of ${r.testName} for ${r.patientName}`}
                  onPress={() => setEntering(r)}
                >
                  Enter Results
                </Button>
              ),
          },
        ];

  return (
    <div className={styles.page}>
      <PageHeading title="Test Requests" />
      <Tabs selectedKey={tab} onSelectionChange={(key) => setTab(key as LabStatus)}>
        <TabList aria-label="Test request lists" className={styles.tabs}>
          {TABS.map((t) => (
            <Tab key={t.id} id={t.id} className={styles.tab}>
              {t.label}
              {count(t.id) === null ? null : <span className={styles.count}>{` (${count(t.id)})`}</span>}
            </Tab>
          ))}
        </TabList>
        {TABS.map((t) => (
          <TabPanel key={t.id} id={t.id} className={styles.panel}>
            <DataTable
              label={`${t.label} test requests`}
              columns={[...lead, ...tail]}
              rows={list.data?.requests}
              rowKey={(r) => r.id}
              isLoading={list.status === 'loading'}
              loadingText="Loading test requests..."
              error={list.status === 'error' ? list.error.message : null}
              onRetry={list.reload}
              emptyTitle={EMPTY[tab]}
              emptyText={tab === 'pending' ? 'New lab orders appear here as soon as a doctor makes them.' : undefined}
            />
            <Pagination
              label="Test request pages"
              page={page}
              totalPages={list.data?.pagination.totalPages ?? 1}
              onPageChange={(next) => setPages((current) => ({ ...current, [tab]: next }))}
            />
          </TabPanel>
        ))}
      </Tabs>
      {entering ? (
        <ResultsDialog
          request={entering}
          defaultConductedBy={user?.name ?? ''}
          onClose={() => setEntering(null)}
          onRecorded={(_saved, message) => {
            setEntering(null);
            toast.success(message);
            refreshAll();
          }}
        />
      ) : null}
    </div>
  );
}
