import { DataTable, type Column } from '../../components/data-table';
import { MetricCard } from '../../components/metric-card';
import { PageHeading } from '../../components/page-heading';
import { calendarDate } from '../../lib/dates';
import { useLiveRefresh } from '../../lib/realtime/live-events';
import { useRemoteData } from '../../lib/use-remote-data';
import { fetchPharmacyStats } from '../../lib/pharmacy-stats';
import { fetchStockOverview, type StockBatch } from './api/admin-pharmacy';
import styles from './admin-console.module.css';

const LIVE_PHARMACY_EVENTS = ['NEW_PRESCRIPTION', 'PRESCRIPTION_DISPENSED'];

const alertColumns: Column<StockBatch>[] = [
  { key: 'name', header: 'Medication', render: (b) => b.name },
  { key: 'batch', header: 'Batch', render: (b) => b.batchNumber },
  { key: 'stock', header: 'In stock', render: (b) => b.stockQuantity },
  { key: 'reorder', header: 'Reorder level', render: (b) => b.reorderLevel },
  { key: 'status', header: 'Status', render: (b) => b.status },
];
const expiryColumns: Column<StockBatch>[] = [
  { key: 'name', header: 'Medication', render: (b) => b.name },
  { key: 'batch', header: 'Batch', render: (b) => b.batchNumber },
  {
    key: 'expiry',
    header: 'Expires',
    render: (b) => (b.expired ? `Expired ${calendarDate(b.expiryDate)}` : calendarDate(b.expiryDate)),
  },
  { key: 'stock', header: 'In stock', render: (b) => b.stockQuantity },
];

/** /admin/pharmacy (issue 13): stock alerts, batches expiring within 90 days, and dispensing today. */
export default function AdminPharmacyPage() {
  const stock = useRemoteData(fetchStockOverview, 'stock');
  const dispensing = useRemoteData(fetchPharmacyStats, 'dispensing');
  useLiveRefresh(LIVE_PHARMACY_EVENTS, () => {
    stock.refresh();
    dispensing.refresh();
  });
  const batches = stock.data?.medications;
  const alerts = batches?.filter((b) => b.status !== 'In Stock').sort((a, b) => a.stockQuantity - b.stockQuantity);
  const expiring = batches
    ?.filter((b) => (b.expiringSoon || b.expired) && b.stockQuantity > 0)
    .sort((a, b) => a.expiryDate.localeCompare(b.expiryDate));
  const loadingStock = !stock.data && stock.status === 'loading';
  const loadingDispensing = !dispensing.data && dispensing.status === 'loading';

  return (
    <div className={styles.page}>
      <PageHeading title="Pharmacy" />
      <div className={styles.metrics}>
        <MetricCard
          label="Dispensed today"
          value={dispensing.data?.dispensedToday ?? null}
          isLoading={loadingDispensing}
        />
        <MetricCard
          label="Pending prescriptions"
          value={dispensing.data?.pendingPrescriptions ?? null}
          isLoading={loadingDispensing}
        />
        <MetricCard label="Low stock" value={stock.data?.summary.lowStock ?? null} isLoading={loadingStock} />
        <MetricCard label="Out of stock" value={stock.data?.summary.outOfStock ?? null} isLoading={loadingStock} />
        <MetricCard
          label="Expiring within 90 days"
          value={stock.data?.summary.expiringSoon ?? null}
          isLoading={loadingStock}
        />
      </div>
      <section className={styles.section} aria-labelledby="stock-alerts">
        <h2 id="stock-alerts" className={styles.sectionTitle}>
          Low and out of stock
        </h2>
        <DataTable
          label="Low and out of stock"
          columns={alertColumns}
          rows={alerts}
          rowKey={(b) => b.id}
          isLoading={stock.status === 'loading'}
          loadingText="Loading stock..."
          error={stock.status === 'error' ? stock.error.message : null}
          onRetry={stock.reload}
          emptyTitle={
            batches?.length === 0 ? 'No medications in stock yet' : 'Every medication is above its reorder level'
          }
        />
      </section>
      <section className={styles.section} aria-labelledby="stock-expiring">
        <h2 id="stock-expiring" className={styles.sectionTitle}>
          Expiring within 90 days
        </h2>
        <DataTable
          label="Expiring within 90 days"
          columns={expiryColumns}
          rows={expiring}
          rowKey={(b) => b.id}
          isLoading={stock.status === 'loading'}
          loadingText="Loading stock..."
          error={stock.status === 'error' ? stock.error.message : null}
          onRetry={stock.reload}
          emptyTitle="No batch expires within 90 days"
        />
      </section>
      {dispensing.status === 'error' ? <p role="alert">{dispensing.error.message}</p> : null}
    </div>
  );
}
