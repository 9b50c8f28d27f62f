import { useState } from 'react';
import { toast } from 'react-toastify';
import { Button } from '../../components/button';
import { PageHeading } from '../../components/page-heading';
import { Panel } from '../../components/panel';
import { TextField } from '../../components/text-field';
import { useRemoteData } from '../../lib/use-remote-data';
import { downloadReportCsv, getDispensingReport, getStockReport, type ReportName } from './api/reports';
import { DispensingTable, StockReportTable } from './components/report-tables';
import pageStyles from './pharmacy-page.module.css';
import { monthSoFar, periodProblem, type Period } from './report-period';
import styles from './report-page.module.css';
import { useHospitalTimeZone } from '../../lib/hospital-time';

function DownloadCsv({ name, period, label }: { name: ReportName; period: Period | null; label: string }) {
  const [busy, setBusy] = useState(false);
  const download = async () => {
    if (!period) return;
    setBusy(true);
    try {
      await downloadReportCsv(name, period);
    } catch (e) {
      toast.error(e instanceof Error ? e.message : 'Could not download the file. Please try again.');
    } finally {
      setBusy(false);
    }
  };
  return (
    <Button variant="secondary" size="small" aria-label={label} isDisabled={!period || busy} onPress={download}>
      {busy ? 'Downloading...' : 'Download CSV'}
    </Button>
  );
}

/**
 * /user/report for the pharmacist (product-spec-1 §2): for a period of hospital days (this month so
 * far by default), what was dispensed per medication, and every medication's stock with what came
 * in, was corrected and went out; each table downloads as CSV.
 */
export default function PharmacyReportPage({ now = () => new Date() }: { now?: () => Date }) {
  const timeZone = useHospitalTimeZone();
  const [draft, setDraft] = useState<Period>(() => monthSoFar(now(), timeZone));
  const problem = periodProblem(draft);
  // The tables follow the dates as soon as they make a period; until then they keep the last one.
  const [period, setPeriod] = useState<Period>(draft);
  const change = (next: Period) => {
    setDraft(next);
    if (!periodProblem(next)) setPeriod(next);
  };
  const key = `${period.from}..${period.to}`;
  const dispensing = useRemoteData((signal) => getDispensingReport(period, signal), `dispensing:${key}`);
  const stock = useRemoteData((signal) => getStockReport(period, signal), `stock:${key}`);
  const totals = dispensing.data?.totals;
  const ready = problem ? null : period;

  return (
    <div className={pageStyles.page}>
      <PageHeading title="Pharmacy Reports" />
      <div className={styles.filters} role="group" aria-label="Report period">
        <TextField
          className={styles.date}
          label="From"
          type="date"
          value={draft.from}
          onChange={(from) => change({ ...draft, from })}
          error={problem}
        />
        <TextField
          className={styles.date}
          label="To"
          type="date"
          value={draft.to}
          onChange={(to) => change({ ...draft, to })}
        />
      </div>
      <Panel
        title="Dispensing"
        badge={
          totals ? (
            <span className={styles.totals}>
              {totals.quantity} units · {totals.prescriptions} prescriptions · {totals.patients} patients
            </span>
          ) : null
        }
        actions={<DownloadCsv name="dispensing" period={ready} label="Download CSV: Dispensing" />}
      >
        <DispensingTable report={dispensing} label="Dispensing by Medication" />
      </Panel>
      <Panel title="Stock" actions={<DownloadCsv name="stock" period={ready} label="Download CSV: Stock" />}>
        <StockReportTable report={stock} label="Stock by Medication" />
      </Panel>
    </div>
  );
}
