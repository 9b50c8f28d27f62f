import { PATIENT_STATUSES, type PatientStatus } from '../../../shared/patient-statuses';

/** `byStatus` as GET /api/patients/stats sends it: every status, 0 where none are given. */
export function statusCounts(counts: Partial<Record<PatientStatus, number>> = {}): Record<PatientStatus, number> {
  return Object.fromEntries(PATIENT_STATUSES.map((s) => [s, counts[s] ?? 0])) as Record<PatientStatus, number>;
}
