import { request } from '../../../lib/api-client';
import { fetchData } from '../../../lib/endpoint-client';
import { z } from '../../../lib/zod';
import { historyEntry, patientHistoryEndpoint } from '../../../../shared/api/audit';

/** A patient's timeline (GET /api/patients/:id/history) and the record as of an instant (?asOf=). */
// The timeline's answer is the shared contract's (src/shared/api/audit.ts).
export { historyEntry };
export type HistoryEntry = z.infer<typeof historyEntry>;

const vitals = z
  .object({
    bloodPressure: z.string().nullable(),
    pulseRate: z.number().nullable(),
    temperature: z.number().nullable(),
    temperatureUnit: z.string(),
    weight: z.number().nullable(),
    height: z.number().nullable(),
    respiratoryRate: z.number().nullable(),
    oxygenSaturation: z.number().nullable(),
    recordedAt: z.string(),
    recordedBy: z.object({ id: z.string(), name: z.string() }),
  })
  .nullable();

export const patientRecord = z.object({
  id: z.string(),
  name: z.string(),
  age: z.number(),
  gender: z.string(),
  status: z.string(),
  dateOfBirth: z.string(),
  phoneNumber: z.string(),
  address: z.string(),
  identificationNumber: z.string(),
  emergencyContact: z.object({
    name: z.string().nullable(),
    relationship: z.string().nullable(),
    phoneNumber: z.string(),
  }),
  vitals,
  version: z.number(),
  updatedAt: z.string(),
  dateRegistered: z.string(),
});
export type PatientRecord = z.infer<typeof patientRecord>;

export async function fetchHistory(patientId: string, signal?: AbortSignal) {
  const fallback = "Could not load the patient's history.";
  return (await fetchData(patientHistoryEndpoint, { params: { id: patientId }, signal, fallback })).entries;
}

/** The record now (asOf null) or as it stood at `asOf`; null when it did not exist then. */
export async function fetchRecord(patientId: string, asOf: string | null, signal?: AbortSignal) {
  const query = asOf ? `?asOf=${encodeURIComponent(asOf)}` : '';
  try {
    const body = await request<{ data: unknown }>(`patients/${encodeURIComponent(patientId)}${query}`, {
      signal,
      fallback: 'Could not load the record.',
    });
    return patientRecord.parse(body.data);
  } catch (e) {
    if ((e as { status?: number }).status === 404) return null;
    throw e;
  }
}
