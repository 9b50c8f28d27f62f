import { z } from '../../../lib/zod';
import { request } from '../../../lib/api-client';
import { failureOf } from '../../../lib/api-failure';

const statsAnswer = z.object({
  data: z.object({
    totalPatients: z.number(),
    registeredToday: z.number(),
    byStatus: z.record(z.string(), z.number()),
  }),
});
export type PatientStats = z.infer<typeof statsAnswer>['data'];

/** GET /api/patients/stats: counts by status and registered today (the hospital's day). */
export async function fetchPatientStats(signal?: AbortSignal): Promise<PatientStats> {
  try {
    return statsAnswer.parse(await request('/patients/stats', { signal })).data;
  } catch (e) {
    throw failureOf(e, 'Failed to fetch dashboard data');
  }
}
