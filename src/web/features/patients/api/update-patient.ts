import { editPatientEndpoint, patientDetail } from '../../../../shared/api/patients';
import { callEndpoint } from '../../../lib/endpoint-client';
import { z } from '../../../lib/zod';
import { patientsError, type PatientDetail } from './patient-schemas';
import type { PatientFields } from './register-patient';

const staleBody = z.object({ current: patientDetail });

/** The patient as it now stands, from a 409 STALE_VERSION; null for any other failure. */
export function stalePatientOf(error: unknown): PatientDetail | null {
  const e = error as { code?: unknown; body?: unknown } | null;
  if (e?.code !== 'STALE_VERSION') return null;
  const parsed = staleBody.safeParse(e.body);
  return parsed.success ? parsed.data.current : null;
}

/**
 * PUT /api/patients/{id} with the fields that changed and the version the form was filled from: a
 * stale version answers 409 and never overwrites someone else's edit. A cleared optional emergency
 * field is sent as null.
 */
export async function updatePatient(
  id: string,
  changes: Partial<PatientFields>,
  version: number,
): Promise<{ message: string; patient: PatientDetail }> {
  const json: Record<string, string | number | null> = { version };
  for (const [key, value] of Object.entries(changes)) {
    const trimmed = (value ?? '').trim();
    if (trimmed) json[key] = key === 'identificationNumber' ? trimmed.toUpperCase() : trimmed;
    else if (key.startsWith('emergencyContact')) json[key] = null;
  }
  try {
    const answer = await callEndpoint(editPatientEndpoint, { params: { id }, json });
    return { message: answer.message ?? 'Patient updated successfully!', patient: answer.data.patient };
  } catch (e) {
    throw patientsError(e, 'Failed to update patient');
  }
}
