import { z } from 'zod';
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

export const idParams = z.object({ id: z.string().min(1).max(100) });

/** A command an offline device queued: the device, both times, and the sentence shown. */
const offlineSchema = z
  .object({
    deviceId: z.string().nullable(),
    deviceTime: z.string().nullable(),
    acceptedAt: z.string(),
    note: z.string(),
  })
  .nullable();

const actor = z.object({ id: z.string(), name: z.string(), role: z.string() });

export const trailEntrySchema = z.object({
  id: z.string(),
  time: z.string(),
  actor,
  action: z.string(),
  eventType: z.string(),
  subject: z.object({ type: z.string(), id: z.string().nullable() }).nullable(),
  outcome: z.string(),
  ip: z.string().nullable(),
  requestId: z.string().nullable(),
  offline: offlineSchema,
});

export const trailEntryDetail = trailEntrySchema.extend({
  stream: z.string(),
  revision: z.number(),
  correlationId: z.string().nullable(),
  causationId: z.string().nullable(),
  chain: z.object({ seq: z.number(), hash: z.string().nullable() }).nullable(),
  data: z.unknown(),
});

export const verificationSchema = z.object({
  ok: z.boolean(),
  checked: z.number(),
  headHash: z.string().nullable(),
  /** When the first entry checked was recorded: "all 417 entries since 12 Nov are intact". */
  since: z.string().nullable().optional(),
  /** Set when this deployment cannot verify (events kept outside PostgreSQL). */
  unsupported: z.string().optional(),
  broken: z
    .object({
      seq: z.number(),
      eventId: z.string(),
      eventType: z.string(),
      time: z.string(),
      action: z.string(),
      reason: z.enum(['changed', 'missing', 'display', 'views']),
    })
    .optional(),
  /**
   * The first signed checkpoint (DATA_DIR/audit/checkpoints.jsonl) that the chain recomputed from
   * the stored events no longer matches, or whose line was altered. Absent when all match.
   */
  checkpoint: z
    .object({
      line: z.number(),
      seq: z.number().nullable(),
      hash: z.string().nullable(),
      at: z.string().nullable(),
      reason: z.enum(['missing', 'changed', 'signature', 'unreadable']),
      found: z.string().nullable(),
    })
    .optional(),
  /**
   * How far the projected trail is behind the event log: the hospital's events recorded up to the
   * moment of the check, those with a chained entry, and how many (the oldest since when) have none
   * yet. `ok` is false while any is missing: a trail that stopped or lags is not reported intact.
   */
  lag: z
    .object({
      recorded: z.number(),
      projected: z.number(),
      behind: z.number(),
      oldestMissingAt: z.string().nullable(),
    })
    .optional(),
  /** How many signed checkpoints the chain was checked against, and the newest of them. */
  anchored: z
    .object({
      checkpoints: z.number(),
      last: z.object({ seq: z.number(), hash: z.string(), at: z.string() }).nullable(),
    })
    .optional(),
});

export const historyEntrySchema = z.object({
  id: z.string(),
  time: z.string(),
  eventType: z.string(),
  kind: z.enum(['write', 'read', 'refusal']),
  action: z.string(),
  actor,
  outcome: z.string(),
  ip: z.string().nullable(),
  offline: offlineSchema,
  changes: z.array(z.object({ field: z.string(), label: z.string(), from: z.unknown(), to: z.unknown() })),
});

export const accessReportRow = z.object({
  actor,
  patient: z.object({ id: z.string(), name: z.string().nullable() }),
  accesses: z.number(),
  reads: z.number(),
  writes: z.number(),
  refusals: z.number(),
  firstAccess: z.string(),
  lastAccess: z.string(),
});
