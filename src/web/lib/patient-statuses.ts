/** Patient statuses on the wire (lower case) with the labels staff read (product-spec-1 §4, product-spec-2 §4). */
export const PATIENT_STATUSES = [
  'waiting',
  'consultation',
  'test complete',
  'refer for test',
  'seen',
  'discharged',
  'active',
  'transferred',
] as const;

/** product-spec-1 §4: consultation is shown as 'In Consultation', refer for test as 'Referred for Test'. */
const LABELS: Record<string, string> = {
  waiting: 'Waiting',
  consultation: 'In Consultation',
  'test complete': 'Test Complete',
  'refer for test': 'Referred for Test',
  seen: 'Seen',
  discharged: 'Discharged',
  active: 'Active',
  transferred: 'Transferred',
};

export function statusLabel(status: string): string {
  return LABELS[status.trim().toLowerCase()] ?? status;
}

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
