import { DataTable, type Column } from '../../../components/data-table';
import { calendarDate } from '../../../lib/dates';
import type { RemoteData } from '../../../lib/use-remote-data';
import type { DispensingRow, StockReportRow } from '../api/reports';
import { StockBadge } from './stock-badge';

type Table<T> = { report: RemoteData<{ rows: T[] }> & { reload: () => void }; label: string };

const number = (n: number) => n.toLocaleString('en-US');
/** A signed change reads as one: +5, −3, 0. */
const signed = (n: number) => (n > 0 ? `+${number(n)}` : number(n));

function tableState<T>({ report }: Table<T>) {
  return {
    rows: report.data?.rows,
    isLoading: report.status === 'loading',
    error: report.status === 'error' ? report.error.message : null,
    onRetry: report.reload,
  };
}

const dispensingColumns: Column<DispensingRow>[] = [
  { key: 'name', header: 'Medication', render: (r) => r.name },
  { key: 'quantity', header: 'Quantity Dispensed', render: (r) => number(r.quantity) },
  { key: 'prescriptions', header: 'Prescriptions', render: (r) => number(r.prescriptions) },
  { key: 'patients', header: 'Patients', render: (r) => number(r.patients) },
];

/** What went out in the period, per medication. */
export function DispensingTable(props: Table<DispensingRow>) {
  return (
    <DataTable
      label={props.label}
      columns={dispensingColumns}
      rowKey={(r) => r.name}
      loadingText="Loading dispensing..."
      emptyTitle="Nothing dispensed in this period"
      emptyText="Choose another period, or dispense a prescription."
      {...tableState(props)}
    />
  );
}

const expiry = (r: StockReportRow) => {
  if (!r.nearestExpiry) return '—';
  return r.expiredOnHand > 0
    ? `${calendarDate(r.nearestExpiry)} (${number(r.expiredOnHand)} expired)`
    : calendarDate(r.nearestExpiry);
};

const stockColumns: Column<StockReportRow>[] = [
  { key: 'name', header: 'Medication', render: (r) => r.name },
  { key: 'onHand', header: 'On Hand', render: (r) => number(r.onHand) },
  { key: 'received', header: 'Received', render: (r) => number(r.received) },
  { key: 'adjusted', header: 'Adjusted', render: (r) => signed(r.adjusted) },
  { key: 'dispensed', header: 'Dispensed', render: (r) => number(r.dispensed) },
  { key: 'reorder', header: 'Reorder Level', render: (r) => number(r.reorderLevel) },
  { key: 'status', header: 'Status', render: (r) => <StockBadge status={r.status} /> },
  { key: 'expiry', header: 'Nearest Expiry', render: expiry },
];

/** Every medication: on hand now, and what came in, was corrected and went out in the period. */
export function StockReportTable(props: Table<StockReportRow>) {
  return (
    <DataTable
      label={props.label}
      columns={stockColumns}
      rowKey={(r) => r.name}
      loadingText="Loading stock..."
      emptyTitle="No medications in stock yet"
      emptyText="Medications added on the Inventory page show here."
      {...tableState(props)}
    />
  );
}
