import { useState } from 'react';
import { PageHeading } from '../../components/page-heading';
import { Panel } from '../../components/panel';
import type { DateRange } from './api/report-api';
import { AgingTable } from './components/aging-table';
import styles from './components/billing.module.css';
import { DateFilters } from './components/date-filters';
import { RevenueTable } from './components/revenue-table';
import { ClaimsPanel } from './hmo/claims-panel';

const BAD_RANGE = 'From must be on or before To';

/**
 * /user/report: the accountant's billing reports — revenue of the invoices raised in a date range
 * (without one: the last 30 days, and 12 months by month) by day, month, service kind and payer;
 * what is owed by patient and by HMO, aged; the claims. Every table downloads as CSV.
 */
export default function ReportPage() {
  const [dates, setDates] = useState<DateRange>({ from: '', to: '' });
  // The tables keep the last valid range while From is after To.
  const [range, setRange] = useState<DateRange>(dates);
  const change = (next: DateRange) => {
    setDates(next);
    if (!next.from || !next.to || next.from <= next.to) setRange(next);
  };
  const bad = !!dates.from && !!dates.to && dates.from > dates.to;
  return (
    <div className={styles.page}>
      <PageHeading title="Billing Reports" />
      <Panel title="Revenue period">
        <div className={styles.toolbar}>
          <DateFilters
            from={dates.from}
            to={dates.to}
            onFrom={(from) => change({ ...dates, from })}
            onTo={(to) => change({ ...dates, to })}
            toError={bad ? BAD_RANGE : null}
          />
        </div>
        <p className={styles.muted}>
          Revenue counts the invoices raised in the period (the hospital's days, in its time zone), void ones left out.
          Without dates: the last 30 days, and the last 12 months by month.
        </p>
      </Panel>
      <RevenueTable groupBy="day" title="Revenue by Day" range={range} />
      <RevenueTable groupBy="month" title="Revenue by Month" range={range} />
      <RevenueTable groupBy="service" title="Revenue by Service" range={range} />
      <RevenueTable groupBy="payer" title="Revenue by Payer" range={range} />
      <AgingTable by="patient" title="Outstanding by Patient" />
      <AgingTable by="hmo" title="Outstanding by HMO" />
      <ClaimsPanel />
    </div>
  );
}
