import { z } from '../../../lib/zod';
import { ApiError, request } from '../../../lib/api-client';
import { rememberPatients } from '../../../lib/offline/known-patients';

const patient = z.object({
  id: z.string(),
  name: z.string(),
  age: z.number().nullish(),
  gender: z.string().nullish(),
  contact: z.string().nullish(),
  status: z.string().nullish(),
  dateRegistered: z.string().nullish(),
  identificationNumber: z.string().nullish(),
});
export type PatientRow = z.infer<typeof patient>;

const listAnswer = z.object({
  data: z.object({
    patients: z.array(patient),
    pagination: z.object({ totalPages: z.number(), totalPatients: z.number() }),
  }),
});
export type PatientsPage = z.infer<typeof listAnswer>['data'];

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
  const searchParams: Record<string, string | number> = { page: query.page, limit: query.limit };
  if (query.status) searchParams.status = query.status;
  try {
    const page = listAnswer.parse(await request('/patients', { searchParams, signal })).data;
    // Patients shown on a dashboard are ones this device has seen: an offline booking can pick them.
    void rememberPatients(page.patients).catch(() => undefined);
    return page;
  } catch (e) {
    throw failure(e, 'Failed to fetch patients');
  }
}

// GET /api/patients/stats has one client, shared with the other screens that count patients.
export { fetchPatientStats, type PatientStats } from '../../../lib/patient-stats';

const seenAnswer = z.object({ data: z.object({ patientsSeen: z.number() }) });

/** GET /api/consultations/stats/mine: the distinct patients the signed-in doctor has consulted. */
export async function fetchPatientsSeenByMe(signal?: AbortSignal): Promise<number> {
  try {
    return seenAnswer.parse(await request('/consultations/stats/mine', { signal })).data.patientsSeen;
  } catch (e) {
    throw failure(e, 'Failed to fetch dashboard data');
  }
}

/** DELETE /api/patients/{id} (receptionist and admin; the server keeps the record's history). */
export async function deletePatient(id: string): Promise<void> {
  try {
    await request(`/patients/${encodeURIComponent(id)}`, { method: 'delete' });
  } catch (e) {
    throw failure(e, 'Failed to delete patient');
  }
}
