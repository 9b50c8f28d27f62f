import { pathOf } from '../../shared/api/endpoint';
import { deletePatientEndpoint, patientEndpoint, patientsEndpoint } from '../../shared/api/patients';
import { request } from './api-client';
import { fetchData } from './endpoint-client';
import type { z } from './zod';

export type PatientsPage = z.output<typeof patientsEndpoint.data>;
export type PatientListItem = PatientsPage['patients'][number];
export type PatientDetail = z.output<typeof patientEndpoint.data>;
export type PatientsQuery = { page: number; limit: number; search?: string; status?: string };

/**
 * GET /api/patients: a page of the hospital's patients, newest first, searched and filtered by status, parsed
 * with the shared contract. The one client of this endpoint: the patients list, the nurse's waiting list, the
 * dashboards, the admin's console and the booking picker read it from here, each with its own failure message.
 * A blank search and the status 'all' are left out.
 */
export async function fetchPatientsPage(query: PatientsQuery, signal?: AbortSignal): Promise<PatientsPage> {
  const searchParams: Record<string, string | number> = { page: query.page, limit: query.limit };
  const search = query.search?.trim();
  if (search) searchParams.search = search;
  if (query.status && query.status !== 'all') searchParams.status = query.status;
  return fetchData(patientsEndpoint, { searchParams, signal });
}

/**
 * GET /api/patients/{id}: one record with its version, or with `asOf` as it stood then (admin, compliance). The
 * one client: the patient's pages, the records page and the audit timeline read it from here.
 */
export async function fetchPatient(
  id: string,
  options: { asOf?: string | null; signal?: AbortSignal; fallback?: string } = {},
): Promise<PatientDetail> {
  const { asOf, ...call } = options;
  return fetchData(patientEndpoint, { params: { id }, ...(asOf ? { searchParams: { asOf } } : {}), ...call });
}

/**
 * DELETE /api/patients/{id} (receptionist and admin): the patient leaves every list, the history stays on the
 * server. The one client: the patients list and the front desk's dashboard delete through it.
 */
export async function deletePatientRecord(id: string): Promise<void> {
  deletePatientEndpoint.response.parse(await request(pathOf(deletePatientEndpoint, { id }), { method: 'delete' }));
}
