import { z } from 'zod';
import { isCalendarDate } from '../hospital-calendar';

/** An optional hospital day in a query (`from`, `to`): YYYY-MM-DD, a blank one left out. */
export const dayQuery = (label: string) =>
  z
    .string()
    .trim()
    .optional()
    .refine((v) => !v || isCalendarDate(v), `${label} must be a date (YYYY-MM-DD)`)
    .transform((v) => v || undefined)
    .meta({ format: 'date' });
