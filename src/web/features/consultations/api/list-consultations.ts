import { patientConsultationsEndpoint } from '../../../../shared/api/consultations';
import { fetchData } from '../../../lib/endpoint-client';
import { clinicalError, type Consultation } from './consultation-schemas';

/** GET /api/consultations/patient/{patientId}: the patient's consultations, newest first. */
export async function listConsultations(patientId: string, signal?: AbortSignal): Promise<Consultation[]> {
  try {
    return await fetchData(patientConsultationsEndpoint, { params: { patientId }, signal });
  } catch (e) {
    throw clinicalError(e, 'Failed to fetch consultations');
  }
}
