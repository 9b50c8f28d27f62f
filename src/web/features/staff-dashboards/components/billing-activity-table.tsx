import { useState } from 'react';
import { paths } from '../../../app/paths';
import { ButtonLink } from '../../../components/button';
import { DataTable, type Column } from '../../../components/data-table';
import { Pagination } from '../../../components/pagination';
import { activityTime, shortDate } from '../../../lib/dates';
import { useLiveRefresh } from '../../../lib/realtime/live-events';
import { useNow } from '../../../lib/use-now';
import { useRemoteData } from '../../../lib/use-remote-data';
import { fetchBillingActivity, type BillingActivity } from '../api/billing-api';
import { useHospitalTimeZone } from '../../../lib/hospital-time';

const LIVE = ['invoice_created', 'payment_received'] as const;

/** Recent Activity (spec-2 §2): date, activity type, description, performed by, actions; ten a page, from the events. */
export function BillingActivityTable() {
  const [page, setPage] = useState(1);
  const activity = useRemoteData((signal) => fetchBillingActivity(page, signal), String(page));
  useLiveRefresh(LIVE, activity.refresh);
  const now = useNow();
  const timeZone = useHospitalTimeZone();
  const columns: Column<BillingActivity>[] = [
    {
      key: 'date',
      header: 'Date',
      render: (r) => (
        <time dateTime={r.date} title={shortDate(r.date, timeZone)}>
          {activityTime(r.date, now, timeZone)}
        </time>
      ),
    },
    { key: 'type', header: 'Activity Type', render: (r) => r.activityType },
    { key: 'description', header: 'Description', render: (r) => r.description },
    { key: 'by', header: 'Performed By', render: (r) => r.performedBy },
    {
      key: 'actions',
      header: 'Actions',
      render: (r) =>
        r.invoiceId ? (
          <ButtonLink
            href={paths.user.invoiceDetail(r.invoiceId)}
            variant="ghost"
            size="small"
            aria-label={`View invoice: ${r.description}`}
          >
            View
          </ButtonLink>
        ) : null,
    },
  ];
  return (
    <>
      <DataTable
        label="Recent billing activity"
        columns={columns}
        rows={activity.data?.activities}
        rowKey={(r) => r.id}
        isLoading={activity.status === 'loading' && !activity.data}
        loadingText="Loading activity..."
        error={activity.status === 'error' ? activity.error.message : null}
        onRetry={activity.reload}
        emptyTitle="No billing activity yet"
        emptyText="Invoices and payments appear here as they happen"
      />
      <Pagination
        label="Billing activity pages"
        page={page}
        totalPages={activity.data?.pagination.totalPages ?? 1}
        onPageChange={setPage}
        withFirst
      />
    </>
  );
}
