import { statusLabel, statusTone } from '../lib/patient-statuses';
import styles from './status-badge.module.css';

/** A patient's status as a coloured badge; the text carries the meaning, the colour only helps. */
export function StatusBadge({ status }: { status: string }) {
  return <span className={`${styles.badge} ${styles[statusTone(status)]}`}>{statusLabel(status)}</span>;
}
