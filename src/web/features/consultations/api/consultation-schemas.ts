import type { consultation } from '../../../../shared/api/consultations';
import { ApiError, type FieldError } from '../../../lib/api-client';
import type { z } from '../../../lib/zod';

// A consultation as GET /api/consultations/patient/{id} answers it: the shared contract's
// (src/shared/api/consultations.ts), as the server's route sends it.
export type Consultation = z.output<typeof consultation>;
export type Medication = Consultation['prescriptions'][number];
export type LabOrder = Consultation['labOrders'][number];

/** A refused clinical call: the message to show and the server's reasons per field. */
export class ClinicalError extends Error {
  constructor(
    message: string,
    readonly status: number,
    readonly errors: FieldError[] = [],
  ) {
    super(message);
    this.name = 'ClinicalError';
  }
}

/** The server's message when it sent one, else `fallback` (product-spec-2 §8); a wrong-shaped answer too. */
export function clinicalError(e: unknown, fallback: string): ClinicalError {
  if (e instanceof ApiError && e.status !== 0) {
    const message = (e.body as { message?: unknown } | undefined)?.message;
    return new ClinicalError(typeof message === 'string' && message ? message : fallback, e.status, e.errors);
  }
  if (e instanceof ApiError) return new ClinicalError(e.message, 0);
  return new ClinicalError(fallback, 0);
}
