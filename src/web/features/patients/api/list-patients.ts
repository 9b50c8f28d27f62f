import { z } from '../../../lib/zod';
import { request } from '../../../lib/api-client';
import { patientListItemSchema, patientsError } from './patient-schemas';

const listAnswer = z.object({
  data: z.object({
    patients: z.array(patientListItemSchema),
    pagination: z.object({
      page: z.number(),
      limit: z.number(),
      totalPages: z.number(),
      totalPatients: z.number(),
      totalIsCapped: z.boolean().optional(),
    }),
  }),
});
export type PatientsPage = z.infer<typeof listAnswer>['data'];

export type PatientsQuery = { page: number; limit: number; search?: string; status?: string };

/** GET /api/patients: a page of the hospital's patients, newest first, optionally searched and filtered. */
export async function listPatients(query: PatientsQuery, signal?: AbortSignal): Promise<PatientsPage> {
  const searchParams: Record<string, string | number> = { page: query.page, limit: query.limit };
  const search = query.search?.trim();
  if (search) searchParams.search = search;
  if (query.status && query.status !== 'all') searchParams.status = query.status;
  try {
    return listAnswer.parse(await request('/patients', { searchParams, signal })).data;
  } catch (e) {
    throw patientsError(e, 'Failed to fetch patients');
  }
}
