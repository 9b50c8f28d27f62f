import { z } from '../../../lib/zod';
import { request } from '../../../lib/api-client';
import { failureOf } from '../../../lib/api-failure';

/** A patient as the admin's lists show them: who they are, where they are, and who registered them. */
const patientSchema = z.object({
  id: z.string(),
  name: z.string(),
  identificationNumber: z.string(),
  contact: z.string(),
  status: z.string(),
  dateRegistered: z.string(),
  registeredBy: z.object({ id: z.string(), name: z.string() }).nullish(),
});
export type AdminPatient = z.infer<typeof patientSchema>;

const listAnswer = z.object({
  data: z.object({
    patients: z.array(patientSchema),
    pagination: z.object({ page: z.number(), totalPages: z.number(), totalPatients: z.number() }),
  }),
});
export type AdminPatientsPage = z.infer<typeof listAnswer>['data'];

export type AdminPatientsQuery = { page: number; limit: number; search?: string; status?: string };

/** GET /api/patients: every patient of the hospital, newest first, searched and filtered by status. */
export async function listAdminPatients(query: AdminPatientsQuery, signal?: AbortSignal): Promise<AdminPatientsPage> {
  const searchParams: Record<string, string | number> = { page: query.page, limit: query.limit };
  if (query.search?.trim()) searchParams.search = query.search.trim();
  if (query.status && query.status !== 'all') searchParams.status = query.status;
  try {
    return listAnswer.parse(await request('/patients', { searchParams, signal })).data;
  } catch (e) {
    throw failureOf(e, 'Failed to fetch patients');
  }
}
