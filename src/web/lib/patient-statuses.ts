/** Patient statuses as the browser shows them: the shared list and labels, with badge tones and filter options. */
import { PATIENT_STATUSES, statusLabel } from '../../shared/patient-statuses';

export { PATIENT_STATUSES, statusLabel };

/** The badge tone of a status; an unknown status is grey (product-spec-2 §4). */
export function statusTone(status: string): 'amber' | 'blue' | 'green' | 'purple' | 'teal' | 'grey' {
  switch (status.trim().toLowerCase()) {
    case 'waiting':
      return 'amber';
    case 'consultation':
      return 'blue';
    case 'test complete':
    case 'active':
      return 'green';
    case 'refer for test':
    case 'transferred':
      return 'purple';
    case 'seen':
      return 'teal';
    default:
      return 'grey';
  }
}

export const STATUS_OPTIONS = [
  { id: 'all', label: 'All Statuses' },
  ...PATIENT_STATUSES.map((s) => ({ id: s, label: statusLabel(s) })),
];
