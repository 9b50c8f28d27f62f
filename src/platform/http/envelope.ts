import { z } from 'zod';

/** `{ success: true, data, message? }` around a route's payload schema: one definition, shared with the browser. */
export { ok } from '../../shared/api/endpoint';

export const okMessage = z.object({ success: z.literal(true), message: z.string() });

export const errorEnvelope = z
  .object({
    success: z.literal(false),
    message: z.string(),
    errors: z.array(z.object({ field: z.string(), message: z.string() })).optional(),
    /** A stable, machine-readable reason where the client acts on it (e.g. WRONG_DOOR). */
    code: z.string().optional(),
  })
  .loose();

export function success<T>(data: T, message?: string) {
  return message === undefined ? { success: true as const, data } : { success: true as const, data, message };
}
