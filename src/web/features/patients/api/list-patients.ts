import { rememberPatients } from '../../../lib/offline/known-patients';
import { withLastSeen } from '../../../lib/offline/last-seen';
import { fetchPatientsPage, type PatientsPage as Page, type PatientsQuery } from '../../../lib/patients-api';
import { patientsError } from './patient-schemas';

/** A page of patients; `asOf` is set when it is the page last seen, read from this device offline. */
export type PatientsPage = Page & { asOf?: string | null };
export type { PatientsQuery };

/** GET /api/patients (its one client): a page of the hospital's patients, newest first, searched and filtered. */
export async function listPatients(query: PatientsQuery, signal?: AbortSignal): Promise<PatientsPage> {
  const load = async () => {
    const page = await fetchPatientsPage(query, signal);
    void rememberPatients(page.patients).catch(() => undefined);
    return page;
  };
  try {
    // Unsearched pages are kept for offline reading; a search needs the server.
    if (query.search?.trim()) return await load();
    const { value, asOf } = await withLastSeen(`patients:${query.status ?? 'all'}:${query.page}:${query.limit}`, load);
    return { ...value, asOf };
  } catch (e) {
    throw patientsError(e, 'Failed to fetch patients');
  }
}
