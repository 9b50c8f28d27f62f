import type { LabRequest } from '../api/lab-requests';
import styles from './lab.module.css';

/**
 * How urgent a test is. STAT reads 'URGENT · STAT' on a red badge so it is found at a glance (the
 * words carry the meaning, the colour only helps); Urgent is amber, Routine plain.
 */
export function UrgencyBadge({ urgency }: { urgency: LabRequest['urgency'] }) {
  if (urgency === 'STAT') return <span className={`${styles.badge} ${styles.stat}`}>URGENT · STAT</span>;
  return <span className={`${styles.badge} ${urgency === 'Urgent' ? styles.urgent : styles.routine}`}>{urgency}</span>;
}
