import { duplicateCandidate, registerPatientEndpoint } from '../../../../shared/api/patients';
import { callEndpoint } from '../../../lib/endpoint-client';
import { runOrQueue, SAVED_ON_DEVICE } from '../../../lib/offline/run-or-queue';
import { newCommandId } from '../../../lib/offline/queue';
import { z } from '../../../lib/zod';
import { patientsError, type PatientDetail } from './patient-schemas';

export type PatientFields = {
  firstName: string;
  lastName: string;
  dateOfBirth: string;
  gender: string;
  phoneNumber: string;
  address: string;
  identificationNumber: string;
  emergencyContactName: string;
  emergencyContactRelationship: string;
  emergencyContactPhone: string;
};

export type DuplicateCandidate = z.output<typeof duplicateCandidate>;
const duplicateBody = z.object({ candidates: z.array(duplicateCandidate) });

/** The candidates of a 409 LIKELY_DUPLICATE, or null for any other failure. */
export function duplicateCandidatesOf(error: unknown): DuplicateCandidate[] | null {
  const e = error as { code?: unknown; body?: unknown } | null;
  if (e?.code !== 'LIKELY_DUPLICATE') return null;
  const parsed = duplicateBody.safeParse(e.body);
  return parsed.success ? parsed.data.candidates : [];
}

/** The registration payload: blank optional fields are left out (registrationDate is never sent). */
export function registrationPayload(fields: PatientFields): Record<string, string> {
  const payload: Record<string, string> = {};
  for (const [key, value] of Object.entries(fields)) {
    const trimmed = value.trim();
    if (trimmed) payload[key] = key === 'identificationNumber' ? trimmed.toUpperCase() : trimmed;
  }
  return payload;
}

/** Registered now (with the server's answer), or kept on this device to be sent when the connection returns. */
export type Registration = { message: string; patient: PatientDetail } | { message: string; patient: null };

/**
 * POST /api/patients; `allowDuplicate` registers despite likely duplicates the user has seen. Offline it is
 * queued with an id chosen here (issue 25), so sending it twice registers the patient once.
 */
export async function registerPatient(
  fields: PatientFields,
  options: { allowDuplicate?: boolean } = {},
): Promise<Registration> {
  const json = options.allowDuplicate
    ? { ...registrationPayload(fields), allowDuplicate: true }
    : registrationPayload(fields);
  const name = `${fields.firstName.trim()} ${fields.lastName.trim()}`;
  const command = {
    kind: 'register-patient' as const,
    method: 'POST' as const,
    route: 'patients',
    body: { ...json, id: newCommandId() },
    label: `Register ${name}`,
  };
  try {
    const outcome = await runOrQueue(command, () => callEndpoint(registerPatientEndpoint, { json }));
    if (outcome.queued) return { message: SAVED_ON_DEVICE, patient: null };
    const answer = outcome.value;
    return { message: answer.message ?? 'Patient registered successfully!', patient: answer.data.patient };
  } catch (e) {
    throw patientsError(e, 'Failed to register patient');
  }
}
