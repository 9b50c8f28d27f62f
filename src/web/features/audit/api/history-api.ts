import { fetchData } from '../../../lib/endpoint-client';
import { fetchPatient, type PatientDetail } from '../../../lib/patients-api';
import type { z } from '../../../lib/zod';
import { historyEntry, patientHistoryEndpoint } from '../../../../shared/api/audit';

/** A patient's timeline (GET /api/patients/:id/history) and the record as of an instant (?asOf=). */
// The timeline's answer is the shared contract's (src/shared/api/audit.ts).
export { historyEntry };
export type HistoryEntry = z.infer<typeof historyEntry>;

// The record is the patients contract's (src/shared/api/patients.ts), read through its one client.
export type PatientRecord = PatientDetail;

export async function fetchHistory(patientId: string, signal?: AbortSignal) {
  const fallback = "Could not load the patient's history.";
  return (await fetchData(patientHistoryEndpoint, { params: { id: patientId }, signal, fallback })).entries;
}

/** The record now (asOf null) or as it stood at `asOf`; null when it did not exist then. */
export async function fetchRecord(patientId: string, asOf: string | null, signal?: AbortSignal) {
  try {
    return await fetchPatient(patientId, { asOf, signal, fallback: 'Could not load the record.' });
  } catch (e) {
    if ((e as { status?: number }).status === 404) return null;
    throw e;
  }
}
