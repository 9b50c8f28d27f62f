import type { ReactNode } from 'react';
import { DataTable, type Column } from '../../components/data-table';
import { MetricCard } from '../../components/metric-card';
import { PageHeading } from '../../components/page-heading';
import { shortDateTime } from '../../lib/dates';
import { useLiveRefresh } from '../../lib/realtime/live-events';
import { useRemoteData } from '../../lib/use-remote-data';
import {
  fetchLabCompletedToday,
  fetchLabCounts,
  fetchLabQueue,
  fetchLabTurnaround,
  type AdminLabRequest,
  type LabListPage,
  type LabTurnaround,
} from './api/admin-lab';
import styles from './admin-console.module.css';
import { useHospitalTimeZone } from '../../lib/hospital-time';

const LIVE_LAB_EVENTS = ['NEW_LAB_ORDER', 'LAB_RESULTS_READY'];

/** '1 h 05 min' from minutes with one decimal; under an hour, the minutes as given. */
export function minutesText(minutes: number): string {
  if (minutes < 60) return `${minutes} min`;
  const whole = Math.round(minutes);
  return `${Math.floor(whole / 60)} h ${String(whole % 60).padStart(2, '0')} min`;
}

const queueColumns = (timeZone: string): Column<AdminLabRequest>[] => [
  { key: 'urgency', header: 'Urgency', render: (r) => r.urgency },
  { key: 'test', header: 'Test', render: (r) => r.testName },
  { key: 'patient', header: 'Patient', render: (r) => r.patientName },
  { key: 'status', header: 'Status', render: (r) => (r.status === 'in progress' ? 'In progress' : 'Pending') },
  { key: 'doctor', header: 'Ordered by', render: (r) => r.orderedBy.name },
  { key: 'ordered', header: 'Ordered', render: (r) => shortDateTime(r.orderedAt, timeZone) },
];
const doneColumns = (timeZone: string): Column<AdminLabRequest>[] => [
  { key: 'test', header: 'Test', render: (r) => r.testName },
  { key: 'patient', header: 'Patient', render: (r) => r.patientName },
  { key: 'urgency', header: 'Urgency', render: (r) => r.urgency },
  { key: 'completed', header: 'Completed', render: (r) => shortDateTime(r.completedAt, timeZone) },
];
const turnaroundColumns: Column<LabTurnaround['tests'][number]>[] = [
  { key: 'test', header: 'Test', render: (t) => t.testName },
  { key: 'count', header: 'Completed', render: (t) => t.completed },
  { key: 'median', header: 'Median', render: (t) => minutesText(t.medianMinutes) },
  { key: 'p90', header: '90th percentile', render: (t) => minutesText(t.p90Minutes) },
];

/** Under a list cut at its first page: how many of how many it shows. */
function ShownOf({ page, what }: { page: LabListPage | undefined; what: string }) {
  if (!page || page.total <= page.requests.length) return null;
  return (
    <p className={styles.muted}>
      Showing the first {page.requests.length} of {page.total} {what}.
    </p>
  );
}

/**
 * /admin/laboratory (issue 13): the queue STAT first, today's completed tests, and turnaround per test;
 * `catalogue`, composed by the app (issue 34 §1), is the lab's catalogue with its prices.
 */
export default function AdminLaboratoryPage({ catalogue }: { catalogue?: ReactNode }) {
  const timeZone = useHospitalTimeZone();
  const counts = useRemoteData(fetchLabCounts, 'counts');
  // Both lists are the server's: the queue STAT first, then Urgent, then Routine, whoever was ordered first;
  // today's completed tests by the hospital's calendar, newest first.
  const queue = useRemoteData(fetchLabQueue, 'queue');
  const done = useRemoteData(fetchLabCompletedToday, 'done');
  const turnaround = useRemoteData(fetchLabTurnaround, 'turnaround');
  useLiveRefresh(LIVE_LAB_EVENTS, () => {
    counts.refresh();
    queue.refresh();
    done.refresh();
    turnaround.refresh();
  });
  const counting = !counts.data && counts.status === 'loading';

  return (
    <div className={styles.page}>
      <PageHeading title="Laboratory" />
      <div className={styles.metrics}>
        <MetricCard label="Pending" value={counts.data?.pending ?? null} isLoading={counting} />
        <MetricCard label="In progress" value={counts.data?.inProgress ?? null} isLoading={counting} />
        <MetricCard label="Completed today" value={counts.data?.completedToday ?? null} isLoading={counting} />
      </div>
      <section className={styles.section} aria-labelledby="lab-queue">
        <h2 id="lab-queue" className={styles.sectionTitle}>
          Lab queue
        </h2>
        <DataTable
          label="Lab queue"
          columns={queueColumns(timeZone)}
          rows={queue.data?.requests}
          rowKey={(r) => r.id}
          isLoading={queue.status === 'loading'}
          loadingText="Loading the lab queue..."
          error={queue.status === 'error' ? queue.error.message : null}
          onRetry={queue.reload}
          emptyTitle="No tests waiting"
        />
        <ShownOf page={queue.data} what="tests in the queue" />
      </section>
      <section className={styles.section} aria-labelledby="lab-turnaround">
        <h2 id="lab-turnaround" className={styles.sectionTitle}>
          Turnaround per test
        </h2>
        <p className={styles.muted}>
          From order to results, tests completed in the last {turnaround.data?.days ?? 30} days.
        </p>
        <DataTable
          label="Turnaround per test"
          columns={turnaroundColumns}
          rows={turnaround.data?.tests}
          rowKey={(t) => `${t.testCode} ${t.testName}`}
          isLoading={turnaround.status === 'loading'}
          loadingText="Loading turnaround times..."
          error={turnaround.status === 'error' ? turnaround.error.message : null}
          onRetry={turnaround.reload}
          emptyTitle="No tests completed yet"
        />
      </section>
      <section className={styles.section} aria-labelledby="lab-done">
        <h2 id="lab-done" className={styles.sectionTitle}>
          Completed today
        </h2>
        <DataTable
          label="Completed today"
          columns={doneColumns(timeZone)}
          rows={done.data?.requests}
          rowKey={(r) => r.id}
          isLoading={done.status === 'loading'}
          loadingText="Loading completed tests..."
          error={done.status === 'error' ? done.error.message : null}
          onRetry={done.reload}
          emptyTitle="No tests completed today"
        />
        <ShownOf page={done.data} what="tests completed today" />
      </section>
      {catalogue ? (
        <section className={styles.section} aria-labelledby="lab-catalogue">
          <h2 id="lab-catalogue" className={styles.sectionTitle}>
            Test catalogue
          </h2>
          <p className={styles.muted}>Each test the doctors may order, with the price it is invoiced at.</p>
          {catalogue}
        </section>
      ) : null}
    </div>
  );
}
