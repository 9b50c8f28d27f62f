import { useState } from 'react';
import { activityTime } from '../lib/dates';
import { useNow } from '../lib/use-now';
import { DataTable, type Column } from './data-table';
import { Pagination } from './pagination';
import styles from './recent-activities.module.css';
import { useHospitalTimeZone } from '../lib/hospital-time';

/** product-spec-1 §3 activity row. */
export type ActivityRow = {
  id: string;
  name: string;
  description: string;
  time: string;
  isRealTime?: boolean;
};

const PAGE_SIZE = 10;

/**
 * The shared Recent Activities table (product-spec-1 §2): NAME, DESCRIPTION, DATE, ten a page,
 * first/previous/next/last. It shows only real events; with none it says so.
 */
export function RecentActivities({
  activities,
  label = 'Recent activities',
}: {
  activities: ActivityRow[];
  label?: string;
}) {
  const [page, setPage] = useState(1);
  const now = useNow();
  const timeZone = useHospitalTimeZone();
  const totalPages = Math.max(1, Math.ceil(activities.length / PAGE_SIZE));
  const current = Math.min(page, totalPages);
  const rows = activities.slice((current - 1) * PAGE_SIZE, current * PAGE_SIZE);
  const columns: Column<ActivityRow>[] = [
    {
      key: 'name',
      header: 'NAME',
      render: (row) => (
        <span className={styles.name}>
          {row.name}
          {row.isRealTime ? <span className={styles.live}>Live</span> : null}
        </span>
      ),
    },
    { key: 'description', header: 'DESCRIPTION', render: (row) => row.description },
    {
      key: 'date',
      header: 'DATE',
      render: (row) => <time dateTime={row.time}>{activityTime(row.time, now, timeZone)}</time>,
    },
  ];
  return (
    <>
      <DataTable
        label={label}
        columns={columns}
        rows={rows}
        rowKey={(row) => row.id}
        isLoading={false}
        emptyTitle="No recent activities"
        emptyText="Real-time activities will appear here when events occur"
        compact
      />
      <Pagination label={`${label} pages`} page={current} totalPages={totalPages} onPageChange={setPage} withFirst />
    </>
  );
}
