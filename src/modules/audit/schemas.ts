import { z } from 'zod';
import { trailActor } from '../../shared/api/audit';
import { addDays, instantOf, isCalendarDate } from '../../shared/hospital-calendar';

/** Query and answer schemas of the audit routes. */

const DATE_OR_INSTANT = '^\\d{4}-\\d{2}-\\d{2}(T\\d{2}:\\d{2}(:\\d{2}(\\.\\d+)?)?(Z|[+-]\\d{2}:?\\d{2})?)?$';
const DATE_MESSAGE = 'Dates must look like 2026-11-20 or 2026-11-20T10:15:00Z';
const blankToUndefined = (v: unknown) => (typeof v === 'string' && v.trim() === '' ? undefined : v);
const text = (max: number) => z.preprocess(blankToUndefined, z.string().trim().max(max).optional());

/** A bare date: the hospital's whole day, whose instants need the hospital's time zone (`inHospitalDays`). */
export type HospitalDay = { day: string; edge: 'start' | 'end' };

/**
 * A date-time, or a bare date read as the hospital's day (in its time zone): a `from` date starts at
 * its midnight, a `to` date takes the whole day.
 */
function instant(edge: 'start' | 'end') {
  return z
    .preprocess(
      blankToUndefined,
      z
        .string()
        .max(40, DATE_MESSAGE)
        .refine((v) => (/^\d{4}-\d{2}-\d{2}$/.test(v) ? isCalendarDate(v) : !Number.isNaN(Date.parse(v))), DATE_MESSAGE)
        .transform((v): Date | HospitalDay => (/^\d{4}-\d{2}-\d{2}$/.test(v) ? { day: v, edge } : new Date(v)))
        .optional(),
    )
    .meta({ pattern: DATE_OR_INSTANT, description: 'A date (the whole hospital day) or a date-time' });
}

/** The filters' bounds as instants: a bare date is the hospital's day in `timeZone`. */
export function inHospitalDays<T extends { from?: Date | HospitalDay; to?: Date | HospitalDay }>(
  query: T,
  timeZone: string,
): Omit<T, 'from' | 'to'> & { from?: Date; to?: Date } {
  const at = (bound: Date | HospitalDay | undefined) => {
    if (bound === undefined || bound instanceof Date) return bound;
    if (bound.edge === 'start') return instantOf(bound.day, '00:00', timeZone);
    return new Date(instantOf(addDays(bound.day, 1), '00:00', timeZone).getTime() - 1);
  };
  return { ...query, from: at(query.from), to: at(query.to) };
}

export const OUTCOMES = ['success', 'failure', 'denied'] as const;

export const trailFilters = {
  from: instant('start'),
  to: instant('end'),
  actorId: text(100),
  role: text(40),
  action: text(80),
  subjectType: text(40),
  subjectId: text(100),
  outcome: z.preprocess(blankToUndefined, z.enum(OUTCOMES).optional()),
  q: text(100),
  kind: z.preprocess(
    blankToUndefined,
    z
      .enum(['changes', 'reads'], { error: 'kind must be changes or reads' })
      .optional()
      .describe('changes: every entry but the reads of records; reads: those alone; absent: both'),
  ),
};

export const trailQuery = z.object({
  ...trailFilters,
  cursor: text(200),
  limit: z.coerce.number().int().min(1).max(200, 'limit must be at most 200').default(50),
});
export const trailCsvQuery = z.object(trailFilters);

export const accessReportQuery = z.object({
  from: instant('start'),
  to: instant('end'),
  actorId: text(100),
  patientId: text(100),
});

const lowerOrUndefined = (v: unknown) => (typeof v === 'string' ? v.trim().toLowerCase() || undefined : v);

/** `bundle` asks for the FHIR export in that Bundle type: `format` may be left out, and cannot be json with it. */
export const exportQuery = z
  .object({
    format: z.preprocess(
      lowerOrUndefined,
      z.enum(['json', 'fhir'], { error: 'format must be json or fhir' }).optional(),
    ),
    bundle: z.preprocess(
      lowerOrUndefined,
      z
        .enum(['collection', 'transaction'], { error: 'bundle must be collection or transaction' })
        .optional()
        .describe(
          'FHIR Bundle type: collection (default) or transaction (conditional creates on identifiers, for a FHIR server)',
        ),
    ),
  })
  .refine((q) => !(q.format === 'json' && q.bundle), {
    message: 'bundle applies to the FHIR export only: leave format out or use format=fhir',
    path: ['bundle'],
  });

export {
  auditIdParams as idParams,
  historyEntry as historyEntrySchema,
  trailEntry as trailEntrySchema,
  trailEntryDetail,
  verification as verificationSchema,
} from '../../shared/api/audit';

export const accessReportRow = z.object({
  actor: trailActor,
  patient: z.object({ id: z.string(), name: z.string().nullable() }),
  accesses: z.number(),
  reads: z.number(),
  writes: z.number(),
  refusals: z.number(),
  firstAccess: z.string(),
  lastAccess: z.string(),
});
