import { z } from 'zod';
import { findAnalyte, interpret } from '../../shared/lab-codes';
import type { LabValue } from './events';

/**
 * Structured results as the lab sends them (issue 22 item 9): each value names its analyte (a
 * catalogue analyte's code or name, or any other name), a number or a text finding ('Positive',
 * '1+'), its UCUM unit and the reference range it was read against. The catalogue name, the usual
 * unit and the H/L/N flag are filled in when the command is decided, against the request's test.
 */
export const ANALYTE_TWICE = 'Each parameter can be entered only once';
export const RANGE_BACKWARDS = 'The low end of a reference range cannot be above its high end';

const bound = z
  .number()
  .finite()
  .nullish()
  .transform((v) => v ?? null);

export const labValueInput = z.object({
  analyte: z.string({ error: 'Please name each result value' }).trim().min(1, 'Please name each result value').max(100),
  value: z.union(
    [
      z.number().finite(),
      z
        .string()
        .trim()
        .min(1, 'Please enter a value for each parameter')
        .max(500, 'Must be at most 500 characters long'),
    ],
    { error: 'Please enter a value for each parameter' },
  ),
  unit: z
    .string()
    .trim()
    .max(30, 'Must be at most 30 characters long')
    .nullish()
    .transform((v) => v || null),
  referenceRange: z
    .object({ low: bound, high: bound })
    .nullish()
    .transform((r) => (r && (r.low !== null || r.high !== null) ? r : null))
    .refine((r) => !r || r.low === null || r.high === null || r.low <= r.high, RANGE_BACKWARDS),
});
export type LabValueInput = z.output<typeof labValueInput>;

export const structuredResultsInput = z
  .array(labValueInput)
  .min(1, 'Results are required')
  .max(100)
  .superRefine((values, ctx) => {
    const seen = new Set<string>();
    values.forEach((v, i) => {
      const key = v.analyte.toLowerCase();
      if (seen.has(key)) ctx.addIssue({ code: 'custom', path: [i, 'analyte'], message: ANALYTE_TWICE });
      seen.add(key);
    });
  });

/** The values as recorded: catalogue code and name where the test knows the analyte, its usual unit, the flag. */
export function resolveValues(testCode: string, values: readonly LabValueInput[]): LabValue[] {
  return values.map((v) => {
    const known = findAnalyte(testCode, v.analyte);
    return {
      analyte: known?.code ?? v.analyte,
      name: known?.name ?? v.analyte,
      value: v.value,
      unit: v.unit ?? known?.unit ?? null,
      referenceRange: v.referenceRange,
      interpretation: interpret(v.value, v.referenceRange),
    };
  });
}
