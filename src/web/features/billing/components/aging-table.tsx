import { DataTable, type Column } from '../../../components/data-table';
import { Panel } from '../../../components/panel';
import { useRemoteData } from '../../../lib/use-remote-data';
import { formatNaira } from '../../../../shared/money';
import { getOutstanding, type AgingRow } from '../api/hmo-api';
import { downloadOutstandingCsv } from '../api/report-api';
import styles from './billing.module.css';
import { CsvButton } from './csv-button';

export const money = (kobo: number) => <span className={styles.money}>{formatNaira(kobo)}</span>;

/** What is owed by patient or by HMO, aged 0–30, 31–60, 61–90 and 90+ days, downloadable as CSV. */
export function AgingTable({ by, title }: { by: 'patient' | 'hmo'; title: string }) {
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
    <Panel
      title={title}
      badge={totals ? <span className={styles.muted}>{formatNaira(totals.totalKobo)}</span> : null}
      actions={<CsvButton table={title} download={() => downloadOutstandingCsv(by)} />}
    >
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
