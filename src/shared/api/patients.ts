import { z } from 'zod';
import { PATIENT_STATUSES, type PatientStatus } from '../patient-statuses';
import { endpoint } from './endpoint';

/** GET /api/patients/stats: counts by status, registered today (the hospital's day) and ever seen. */
export const patientStatsEndpoint = endpoint({
  method: 'GET',
  path: '/patients/stats',
  data: z.object({
    totalPatients: z.number(),
    // Every status, with 0 for none: a screen never has to guess a missing one.
    byStatus: z.object(
      Object.fromEntries(PATIENT_STATUSES.map((s) => [s, z.number()])) as Record<PatientStatus, z.ZodNumber>,
    ),
    registeredToday: z.number(),
    seenCount: z.number(),
  }),
});
