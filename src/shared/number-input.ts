import { z } from 'zod';

/**
 * A number in a request body: a JSON number, or the text of a form field holding one ('12', ' -3 ',
 * '2.5'). Anything else (true, [1], {}, null, '', '0x10', '1e9') is left as it came, for the number
 * schema to refuse. `z.coerce.number()` is not used on bodies: it reads true as 1, [1] as 1 and ''
 * or null as 0.
 */
export function numberText(value: unknown): unknown {
  return typeof value === 'string' && /^\s*-?\d+(\.\d+)?\s*$/.test(value) ? Number(value) : value;
}

/** A whole number from `min` to `max` in a body, with the messages the forms show. */
export function wholeNumberInput(field: string, min: number, max: number) {
  return z.preprocess(
    numberText,
    z
      .number({ error: `${field} must be a number` })
      .int(`${field} must be a whole number`)
      .min(min, `${field} must be at least ${min}`)
      .max(max, `${field} is too large`),
  );
}
