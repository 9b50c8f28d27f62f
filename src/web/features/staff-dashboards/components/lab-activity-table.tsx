import { useState } from 'react';
import { DataTable, type Column } from '../../../components/data-table';
import { Pagination } from '../../../components/pagination';
import { activityTime } from '../../../lib/dates';
import { useLiveRefresh } from '../../../lib/realtime/live-events';
import { useNow } from '../../../lib/use-now';
import { useRemoteData } from '../../../lib/use-remote-data';
import { fetchLabActivity, type LabActivity } from '../api/lab-api';
import { useHospitalTimeZone } from '../../../lib/hospital-time';

/** Lab work the technicians see move: an order, and results recorded (starts come from this screen's own refetch). */
export const LAB_ACTIVITY_EVENTS = ['NEW_LAB_ORDER', 'LAB_RESULTS_READY'];
const STATUS_LABELS: Record<string, string> = {
  pending: 'Pending',
  'in progress': 'In Progress',
  completed: 'Completed',
};

/** A request id short enough for a table cell: its first eight characters (the full id is on the row's title). */
export const shortRequestId = (id: string) => id.replace(/-/g, '').slice(0, 8).toUpperCase();

type LabActivityTableProps = {
  label: string;
  pageSize: number;
  /** Called after a live refresh, so the screen's other figures can follow. */
  onLiveChange?: () => void;
};

/**
 * Recent Test Activity (product-spec-1 §2): Request ID, Patient Name, Doctor Name, Test Type,
 * Conducted By, with each request's step and when it happened; real requests only, paged on the server.
 */
export function LabActivityTable({ label, pageSize, onLiveChange }: LabActivityTableProps) {
  const now = useNow();
  const timeZone = useHospitalTimeZone();
  const [page, setPage] = useState(1);
  const list = useRemoteData(
    (signal) => fetchLabActivity({ page, limit: pageSize }, signal),
    `lab-activity-${page}-${pageSize}`,
  );
  useLiveRefresh(LAB_ACTIVITY_EVENTS, () => {
    list.refresh();
    onLiveChange?.();
  });
  const columns: Column<LabActivity>[] = [
    { key: 'id', header: 'Request ID', render: (a) => <span title={a.id}>{shortRequestId(a.id)}</span> },
    { key: 'patient', header: 'Patient Name', render: (a) => a.patientName },
    { key: 'doctor', header: 'Doctor Name', render: (a) => a.orderedBy.name },
    { key: 'test', header: 'Test Type', render: (a) => a.testName },
    { key: 'conducted', header: 'Conducted By', render: (a) => a.conductedBy ?? a.startedBy ?? '—' },
    { key: 'status', header: 'Status', render: (a) => STATUS_LABELS[a.status] ?? a.status },
    {
      key: 'when',
      header: 'When',
      render: (a) => <time dateTime={a.activityAt}>{activityTime(a.activityAt, now, timeZone)}</time>,
    },
  ];
  return (
    <>
      <DataTable
        label={label}
        columns={columns}
        rows={list.data?.activities}
        rowKey={(a) => a.id}
        isLoading={list.status === 'loading'}
        loadingText="Loading test activity..."
        error={list.status === 'error' ? list.error.message : null}
        onRetry={list.reload}
        emptyTitle="No test activity yet"
        emptyText="Lab orders and results appear here as they happen."
      />
      <Pagination
        label={`${label} pages`}
        page={page}
        totalPages={list.data?.pagination.totalPages ?? 1}
        onPageChange={setPage}
        withFirst
      />
    </>
  );
}
