import { z } from 'zod';

/** The staff routes' own inputs beside their contract (src/shared/api/users.ts): the If-Match header. */
export const ifMatchHeaders = z
  .object({
    'if-match': z
      .string()
      .regex(/^\s*((W\/)?"?\d{1,9}"?)?\s*$/, 'If-Match must be a version number such as "3"')
      .optional(),
  })
  .loose();

/** Reads an If-Match version: `3`, `"3"` or `W/"3"`; null when absent, NaN when unreadable. */
export function versionFromIfMatch(header: string | undefined): number | null {
  if (header === undefined || header.trim() === '') return null;
  const m = /^(?:W\/)?"?(\d+)"?$/.exec(header.trim());
  return m ? Number(m[1]) : Number.NaN;
}
