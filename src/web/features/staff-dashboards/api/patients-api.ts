import { patientsSeenEndpoint } from '../../../../shared/api/consultations';
import { ApiError } from '../../../lib/api-client';
import { fetchData } from '../../../lib/endpoint-client';
import { rememberPatients } from '../../../lib/offline/known-patients';
import {
  deletePatientRecord,
  fetchPatientsPage,
  type PatientListItem,
  type PatientsPage,
} from '../../../lib/patients-api';

// The answers are the shared contracts' (src/shared/api/patients.ts, consultations.ts).
export type PatientRow = PatientListItem;
export type { PatientsPage };

/** The server's message, else the dashboard's fallback (product-spec-1 §8 Dashboards). */
function failure(e: unknown, fallback: string): Error {
  if (e instanceof ApiError && e.status !== 0) {
    const sent = (e.body as { message?: unknown } | undefined)?.message;
    if (typeof sent === 'string' && sent) return new Error(sent);
  }
  return new Error(fallback);
}

/** GET /api/patients with page, limit and optionally status; the patients shown are remembered on this device. */
export async function fetchPatients(
  query: { page: number; limit: number; status?: string },
  signal?: AbortSignal,
): Promise<PatientsPage> {
  try {
    const page = await fetchPatientsPage(query, signal);
    // Patients shown on a dashboard are ones this device has seen: an offline booking can pick them.
    void rememberPatients(page.patients).catch(() => undefined);
    return page;
  } catch (e) {
    throw failure(e, 'Failed to fetch patients');
  }
}

// GET /api/patients/stats has one client, shared with the other screens that count patients.
export { fetchPatientStats, type PatientStats } from '../../../lib/patient-stats';

/** GET /api/consultations/stats/mine: the distinct patients the signed-in doctor has consulted. */
export async function fetchPatientsSeenByMe(signal?: AbortSignal): Promise<number> {
  try {
    return (await fetchData(patientsSeenEndpoint, { signal })).patientsSeen;
  } catch (e) {
    throw failure(e, 'Failed to fetch dashboard data');
  }
}

/** DELETE /api/patients/{id} (receptionist and admin; the server keeps the record's history). */
export async function deletePatient(id: string): Promise<void> {
  try {
    await deletePatientRecord(id);
  } catch (e) {
    throw failure(e, 'Failed to delete patient');
  }
}
