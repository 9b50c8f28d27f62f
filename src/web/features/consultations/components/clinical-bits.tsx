import type { LabOrder, Medication } from '../api/consultation-schemas';
import { labStatusLabel } from '../clinical-display';
import styles from './clinical.module.css';

/** Small labels the records and the overview share: urgency, lab status, dispensed or pending. */
export function UrgencyTag({ urgency }: { urgency: LabOrder['urgency'] }) {
  return (
    <span className={`${styles.tag} ${urgency === 'Routine' ? '' : styles.urgent}`} data-urgency={urgency}>
      {urgency}
    </span>
  );
}

export function LabStatusTag({ order }: { order: LabOrder }) {
  return <span className={`${styles.tag} ${order.completed ? styles.done : ''}`}>{labStatusLabel(order)}</span>;
}

export function DispensedTag({ medication }: { medication: Medication }) {
  return (
    <span className={`${styles.tag} ${medication.dispensed ? styles.done : styles.pending}`}>
      {medication.dispensed ? 'Dispensed' : 'Pending'}
    </span>
  );
}
