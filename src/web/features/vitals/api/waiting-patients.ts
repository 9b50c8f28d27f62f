import { ApiError, type FieldError } from '../../../lib/api-client';
import { rememberPatients } from '../../../lib/offline/known-patients';
import { withLastSeen } from '../../../lib/offline/last-seen';
import { fetchPatientsPage, type PatientListItem, type PatientsPage } from '../../../lib/patients-api';

/** A waiting patient as the nurse picks them (the list's answer: who, and their vitals last taken). */
export type WaitingPatient = PatientListItem;
/** A page of waiting patients; `asOf` is set when it is the page last seen, read from this device offline. */
export type WaitingPatientsPage = PatientsPage & { asOf?: string | null };

/** A refused call: the message to show and the server's field reasons. */
export class VitalsError extends Error {
  constructor(
    message: string,
    readonly errors: FieldError[] = [],
  ) {
    super(message);
    this.name = 'VitalsError';
  }
}

/** The server's message when it sent one, else `fallback` (product-spec-2 §8). */
export function vitalsError(e: unknown, fallback: string): VitalsError {
  if (e instanceof ApiError && e.status !== 0) {
    const sent = (e.body as { message?: unknown } | undefined)?.message;
    return new VitalsError(typeof sent === 'string' && sent ? sent : fallback, e.errors);
  }
  return new VitalsError(e instanceof ApiError ? e.message : fallback);
}

/** GET /api/patients?status=waiting (its one client): who is waiting, optionally searched by name, ID or phone. */
export async function listWaitingPatients(
  query: { page: number; limit: number; search: string },
  signal?: AbortSignal,
): Promise<WaitingPatientsPage> {
  const load = async () => {
    const page = await fetchPatientsPage({ ...query, status: 'waiting' }, signal);
    void rememberPatients(page.patients).catch(() => undefined);
    return page;
  };
  try {
    if (query.search) return await load();
    const { value, asOf } = await withLastSeen(`waiting:${query.page}:${query.limit}`, load);
    return { ...value, asOf };
  } catch (e) {
    throw vitalsError(e, 'Failed to fetch patients');
  }
}
