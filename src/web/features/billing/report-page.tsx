import { DataTable, type Column } from '../../components/data-table';
import { PageHeading } from '../../components/page-heading';
import { Panel } from '../../components/panel';
import { useRemoteData } from '../../lib/use-remote-data';
import { formatNaira } from '../../../shared/money';
import { getOutstanding, type AgingRow } from './api/hmo-api';
import styles from './components/billing.module.css';
import { ClaimsPanel } from './hmo/claims-panel';

const money = (kobo: number) => <span className={styles.money}>{formatNaira(kobo)}</span>;

function AgingTable({ by, title }: { by: 'patient' | 'hmo'; title: string }) {
  const report = useRemoteData((signal) => getOutstanding(by, signal), by);
  const columns: Column<AgingRow>[] = [
    { key: 'name', header: by === 'patient' ? 'Patient' : 'HMO', render: (r) => r.name },
    { key: 'd0', header: '0–30 days', render: (r) => money(r.d0_30) },
    { key: 'd31', header: '31–60 days', render: (r) => money(r.d31_60) },
    { key: 'd61', header: '61–90 days', render: (r) => money(r.d61_90) },
    { key: 'd90', header: '90+ days', render: (r) => money(r.d90plus) },
    { key: 'total', header: 'Total', render: (r) => money(r.totalKobo) },
  ];
  const totals = report.data?.totals;
  return (
    <Panel title={title} badge={totals ? <span className={styles.muted}>{formatNaira(totals.totalKobo)}</span> : null}>
      <DataTable
        label={title}
        columns={columns}
        rows={report.data?.rows}
        rowKey={(r) => r.id}
        isLoading={report.status === 'loading'}
        loadingText="Loading balances..."
        error={report.status === 'error' ? report.error.message : null}
        onRetry={report.reload}
        emptyTitle="Nothing outstanding"
      />
    </Panel>
  );
}

/** /user/report: the accountant's billing reports — what is owed by patient and by HMO, aged, and the claims. */
export default function ReportPage() {
  return (
    <div className={styles.page}>
      <PageHeading title="Billing Reports" />
      <AgingTable by="patient" title="Outstanding by Patient" />
      <AgingTable by="hmo" title="Outstanding by HMO" />
      <ClaimsPanel />
    </div>
  );
}
