import { z } from './zod';
import type { SessionUser } from './session';
import { adminToSessionUser } from './session-user';

/**
 * The answer of POST /api/hospital/verify-email, read with zod. Loaded only once a code is sent,
 * so the pages before sign-in do not carry zod.
 */
const hospital = z.object({
  id: z.union([z.string(), z.number()]).transform(String),
  hospitalId: z.string(),
  name: z.string(),
  status: z.string().catch('active'),
  setupStatus: z.string().optional().catch(undefined),
});
const verified = z.object({
  token: z.string().min(1),
  admin: z.object({
    id: z.union([z.string(), z.number()]).transform(String),
    name: z.string(),
    email: z.string(),
    jobTitle: z.string().nullish(),
  }),
  hospital,
});

export type Verified = { token: string; user: SessionUser; hospitalId: string; hospitalName: string };

/** The admin's first session and the hospital's real Hospital ID, or null for an answer of the wrong shape. */
export function readVerified(body: unknown): Verified | null {
  // The answer carries its fields at the top level and again under data; accept either.
  const parsed = verified.safeParse(body);
  const answer = parsed.success ? parsed.data : verified.safeParse((body as { data?: unknown } | null)?.data).data;
  if (!answer) return null;
  const user = adminToSessionUser({ ...answer.admin, hospital: answer.hospital, lastLoginAt: null });
  return { token: answer.token, user, hospitalId: answer.hospital.hospitalId, hospitalName: answer.hospital.name };
}
