import type { patientDetail, patientListItem, vitals } from '../../../../shared/api/patients';
import { ApiError, type FieldError } from '../../../lib/api-client';
import type { z } from '../../../lib/zod';

// The answers are the shared contract's (src/shared/api/patients.ts), as the server's routes send them.
export type Vitals = z.output<typeof vitals>;
/** A row of the patients list: the server's answer, or a registration still on this device (age maybe unknown). */
export type PatientListItem = Omit<z.output<typeof patientListItem>, 'age'> & { age: number | null };
export type PatientDetail = z.output<typeof patientDetail>;

/** A refused patients call: the message to show, the server's field reasons and the envelope's extras. */
export class PatientsError extends Error {
  constructor(
    message: string,
    readonly status: number,
    readonly errors: FieldError[] = [],
    readonly code: string | undefined = undefined,
    readonly body: unknown = undefined,
  ) {
    super(message);
    this.name = 'PatientsError';
  }
}

/** The server's message when it sent one, else `fallback` (product-spec-2 §8). */
export function patientsError(e: unknown, fallback: string): PatientsError {
  if (e instanceof ApiError && e.status !== 0) {
    const body = e.body as { message?: unknown; code?: unknown } | undefined;
    const sent = typeof body?.message === 'string' && body.message ? body.message : fallback;
    return new PatientsError(sent, e.status, e.errors, typeof body?.code === 'string' ? body.code : undefined, body);
  }
  if (e instanceof ApiError) return new PatientsError(e.message, 0);
  // An answer of the wrong shape reads as the call's failure too.
  return new PatientsError(fallback, 0);
}
