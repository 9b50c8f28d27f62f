import { z } from '../../../lib/zod';
import { request } from '../../../lib/api-client';
import { rememberPatients } from '../../../lib/offline/known-patients';
import { withLastSeen } from '../../../lib/offline/last-seen';
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
/** A page of patients; `asOf` is set when it is the page last seen, read from this device offline. */
export type PatientsPage = z.infer<typeof listAnswer>['data'] & { asOf?: string | null };

export type PatientsQuery = { page: number; limit: number; search?: string; status?: string };

/** GET /api/patients: a page of the hospital's patients, newest first, optionally searched and filtered. */
export async function listPatients(query: PatientsQuery, signal?: AbortSignal): Promise<PatientsPage> {
  const searchParams: Record<string, string | number> = { page: query.page, limit: query.limit };
  const search = query.search?.trim();
  if (search) searchParams.search = search;
  if (query.status && query.status !== 'all') searchParams.status = query.status;
  const load = async () => {
    const page = listAnswer.parse(await request('/patients', { searchParams, signal })).data;
    void rememberPatients(page.patients).catch(() => undefined);
    return page;
  };
  try {
    // Unsearched pages are kept for offline reading; a search needs the server.
    if (search) return await load();
    const { value, asOf } = await withLastSeen(`patients:${query.status ?? 'all'}:${query.page}:${query.limit}`, load);
    return { ...value, asOf };
  } catch (e) {
    throw patientsError(e, 'Failed to fetch patients');
  }
}
