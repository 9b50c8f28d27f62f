import { z } from '../../../lib/zod';
import { ApiError, request } from '../../../lib/api-client';
import type { SessionUser } from '../../../lib/session';
import { adminToSessionUser } from '../../../lib/session-user';

export const VERIFICATION_FAILED = 'Verification failed';
export const RESEND_FAILED = 'Failed to resend code';

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

/** POST /api/hospital/verify-email: the admin's first session and the hospital's real Hospital ID. */
export async function verifyEmail(email: string, code: string): Promise<Verified> {
  const body = await request<{ data?: unknown }>('hospital/verify-email', {
    method: 'post',
    json: { email: email.trim(), token: code.trim() },
    fallback: VERIFICATION_FAILED,
  });
  // The answer carries its fields at the top level and again under data; accept either.
  const parsed = verified.safeParse(body);
  const answer = parsed.success ? parsed.data : verified.safeParse(body.data).data;
  if (!answer) throw new ApiError(200, VERIFICATION_FAILED);
  const user = adminToSessionUser({ ...answer.admin, hospital: answer.hospital, lastLoginAt: null });
  return { token: answer.token, user, hospitalId: answer.hospital.hospitalId, hospitalName: answer.hospital.name };
}

/** POST /api/hospital/resend-verification: a new code, the old one void. */
export async function resendVerification(email: string): Promise<void> {
  await request('hospital/resend-verification', {
    method: 'post',
    json: { email: email.trim() },
    fallback: RESEND_FAILED,
  });
}
