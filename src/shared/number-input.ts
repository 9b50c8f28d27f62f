import { z } from 'zod';
import { numberText } from './number-text';

export { numberText };

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
