import { admitPatientEndpoint, type admission } from '../../../../shared/api/patients';
import { callEndpoint } from '../../../lib/endpoint-client';
import { fetchPatient, type PatientDetail } from '../../../lib/patients-api';
import type { z } from '../../../lib/zod';
import { clinicalError } from './consultation-schemas';

/** What the medical records page shows of the patient (who, and the current admission): the record's answer. */
export type RecordsPatient = PatientDetail;
export type Admission = z.output<typeof admission>;

/** GET /api/patients/{id} (its one client), read for the records page's heading and admission. */
export async function getRecordsPatient(id: string, signal?: AbortSignal): Promise<RecordsPatient> {
  try {
    return await fetchPatient(id, { signal });
  } catch (e) {
    throw clinicalError(e, 'Failed to fetch patient details');
  }
}

/** POST /api/patients/{id}/admissions: the patient as it now stands, with the server's message. */
export async function admitPatient(id: string, json: z.input<typeof admitPatientEndpoint.body>) {
  try {
    const answer = await callEndpoint(admitPatientEndpoint, { params: { id }, json });
    return { patient: answer.data.patient, message: answer.message ?? 'Patient admitted successfully!' };
  } catch (e) {
    throw clinicalError(e, 'Failed to admit patient');
  }
}
