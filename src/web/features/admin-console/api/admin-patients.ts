import { failureOf } from '../../../lib/api-failure';
import {
  fetchPatientsPage,
  type PatientListItem,
  type PatientsPage,
  type PatientsQuery,
} from '../../../lib/patients-api';

/** A patient as the admin's lists show them: who they are, where they are, and who registered them. */
export type AdminPatient = PatientListItem;
export type AdminPatientsPage = PatientsPage;
export type AdminPatientsQuery = PatientsQuery;

/** GET /api/patients (its one client): every patient of the hospital, newest first, searched and filtered. */
export async function listAdminPatients(query: AdminPatientsQuery, signal?: AbortSignal): Promise<AdminPatientsPage> {
  try {
    return await fetchPatientsPage(query, signal);
  } catch (e) {
    throw failureOf(e, 'Failed to fetch patients');
  }
}
