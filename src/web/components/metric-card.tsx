import type { ReactNode } from 'react';
import styles from './metric-card.module.css';

type MetricCardProps = {
  label: string;
  /** A real figure; `null` when the feature behind it does not exist yet (shown as a dash with `note`). */
  value: number | string | null;
  isLoading?: boolean;
  /** Shown under the value, e.g. 'Available once pharmacy is set up'. */
  note?: string;
  icon?: ReactNode;
};

const format = new Intl.NumberFormat('en-US');

/** One key figure. Never shows a made-up number: loading shows an ellipsis, unknown a dash. */
export function MetricCard({ label, value, isLoading = false, note, icon }: MetricCardProps) {
  const shown = isLoading ? '…' : value === null ? '—' : typeof value === 'number' ? format.format(value) : value;
  return (
    <div className={styles.card} role="group" aria-label={label} aria-busy={isLoading || undefined}>
      {icon ? (
        <span className={styles.icon} aria-hidden="true">
          {icon}
        </span>
      ) : null}
      <div className={styles.body}>
        <span className={styles.label}>{label}</span>
        <span className={styles.value} data-testid="metric-value">
          {shown}
        </span>
        {note ? <span className={styles.note}>{note}</span> : null}
      </div>
    </div>
  );
}

/** A responsive row of metric cards. */
export function MetricGrid({ label, children }: { label: string; children: ReactNode }) {
  return (
    <section className={styles.grid} aria-label={label}>
      {children}
    </section>
  );
}
