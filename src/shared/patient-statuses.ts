/**
 * Patient statuses on the wire (lower case) and the words staff read (product-spec-1 §4,
 * product-spec-2 §4), shared by the server (events, notification messages) and the browser.
 */
export const PATIENT_STATUSES = [
  'waiting',
  'consultation',
  'test complete',
  'refer for test',
  'seen',
  'discharged',
  // The admin chart also knows these two (product-spec-1 §4).
  'active',
  'transferred',
] as const;
export type PatientStatus = (typeof PATIENT_STATUSES)[number];

/** Consultation is shown as 'In Consultation', refer for test as 'Referred for Test'. */
const LABELS: Record<PatientStatus, string> = {
  waiting: 'Waiting',
  consultation: 'In Consultation',
  'test complete': 'Test Complete',
  'refer for test': 'Referred for Test',
  seen: 'Seen',
  discharged: 'Discharged',
  active: 'Active',
  transferred: 'Transferred',
};

/** The label of a status, whatever its case; an unknown status as it came. */
export function statusLabel(status: string): string {
  return LABELS[status.trim().toLowerCase() as PatientStatus] ?? status;
}
