import { z } from 'zod';

/** The results of a lab request, as its events store them and the API answers them (server and browser alike). */
/**
 * One structured value (issue 22 item 9): `analyte` is the catalogue analyte's code when it is one
 * (src/shared/lab-codes.ts, which gives its LOINC code) or the name the lab gave; `unit` is UCUM;
 * `interpretation` is worked out from the range when the results are recorded.
 */
export const labValue = z.object({
  analyte: z.string(),
  name: z.string(),
  value: z.union([z.number(), z.string()]),
  unit: z.string().nullable(),
  referenceRange: z.object({ low: z.number().nullable(), high: z.number().nullable() }).nullable(),
  interpretation: z.enum(['H', 'L', 'N']).nullable(),
});

/**
 * One free-text report, values by parameter ({ "Haemoglobin": "13.2 g/dL" }), or structured values.
 * The list was added later: events recorded before it still decode as one of the first two.
 */
export const labResults = z.union([
  z.string(),
  z.record(z.string(), z.union([z.string(), z.number(), z.boolean(), z.null()])),
  z.array(labValue),
]);
