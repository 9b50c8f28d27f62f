import { z } from '../../../lib/zod';
import { request } from '../../../lib/api-client';
import { patientsError } from './patient-schemas';

const answer = z.object({
  data: z.object({
    totalPatients: z.number(),
    byStatus: z.record(z.string(), z.number()),
    registeredToday: z.number(),
    seenCount: z.number(),
  }),
});
export type PatientStats = z.infer<typeof answer>['data'];

/** GET /api/patients/stats: counts by status, registered today and ever seen. */
export async function fetchPatientStats(signal?: AbortSignal): Promise<PatientStats> {
  try {
    return answer.parse(await request('/patients/stats', { signal })).data;
  } catch (e) {
    throw patientsError(e, 'Failed to fetch dashboard data');
  }
}
