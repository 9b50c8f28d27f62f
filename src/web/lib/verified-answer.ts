import './zod';
import { verifyEmailEndpoint } from '../../shared/api/hospitals';
import type { SessionUser } from './session';
import { adminToSessionUser } from './session-user';

/**
 * The answer of POST /api/hospital/verify-email, read with its contract (src/shared/api/hospitals.ts).
 * Loaded only once a code is sent, so the pages before sign-in do not carry zod.
 */
export type Verified = { token: string; user: SessionUser; hospitalId: string; hospitalName: string };

/** The admin's first session and the hospital's real Hospital ID, or null for an answer of the wrong shape. */
export function readVerified(body: unknown): Verified | null {
  const parsed = verifyEmailEndpoint.response.safeParse(body);
  if (!parsed.success) return null;
  const { token, admin, hospital } = parsed.data.data;
  const user = adminToSessionUser({ ...admin, hospital, lastLoginAt: null });
  return { token, user, hospitalId: hospital.hospitalId, hospitalName: hospital.name };
}
