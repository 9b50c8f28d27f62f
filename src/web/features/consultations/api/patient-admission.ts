import { z } from '../../../lib/zod';
import { request } from '../../../lib/api-client';
import { clinicalError } from './consultation-schemas';

/** What the medical records page shows of the patient: who, and the current admission. */
const admissionSchema = z.object({
  ward: z.string(),
  reason: z.string().nullable(),
  admittedAt: z.string(),
  admittedBy: z.object({ id: z.string(), name: z.string() }),
});
const patientSchema = z.object({
  id: z.string(),
  name: z.string(),
  identificationNumber: z.string(),
  admission: admissionSchema.nullable().optional(),
});
export type RecordsPatient = z.infer<typeof patientSchema>;
export type Admission = z.infer<typeof admissionSchema>;

/** GET /api/patients/{id}, read for the records page's heading and admission. */
export async function getRecordsPatient(id: string, signal?: AbortSignal): Promise<RecordsPatient> {
  try {
    return z.object({ data: patientSchema }).parse(await request(`/patients/${encodeURIComponent(id)}`, { signal }))
      .data;
  } catch (e) {
    throw clinicalError(e, 'Failed to fetch patient details');
  }
}

/** POST /api/patients/{id}/admissions: the patient as it now stands, with the server's message. */
export async function admitPatient(id: string, admission: { ward: string; reason: string | null }) {
  try {
    const parsed = z
      .object({ message: z.string().optional(), data: z.object({ patient: patientSchema }) })
      .parse(await request(`/patients/${encodeURIComponent(id)}/admissions`, { method: 'post', json: admission }));
    return { patient: parsed.data.patient, message: parsed.message ?? 'Patient admitted successfully!' };
  } catch (e) {
    throw clinicalError(e, 'Failed to admit patient');
  }
}
