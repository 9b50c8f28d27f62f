import { z } from 'zod';

/** `{ success: true, data, message? }` around a route's payload schema, for responses and OpenAPI. */
export function ok<T extends z.ZodType>(data: T) {
  return z.object({ success: z.literal(true), data, message: z.string().optional() });
}

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
