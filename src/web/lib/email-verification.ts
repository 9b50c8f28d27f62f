import { ApiError, request } from './api-client';
import type { Verified } from './verified-answer';

export type { Verified } from './verified-answer';

/** product-spec-1 §8, word for word. */
export const VERIFICATION_FAILED = 'Verification failed';
export const RESEND_FAILED = 'Failed to resend code';
export const CODE_SENT = 'Verification code sent to your email!';
export const EMAIL_VERIFIED = 'Email verified successfully!';

/**
 * POST /api/hospital/verify-email {email, token}: the admin's first session and the hospital's real
 * Hospital ID. Used by onboarding step 3 and by the admin sign-in of an admin who never verified.
 */
export async function verifyEmail(email: string, code: string): Promise<Verified> {
  // The reader (zod) loads while the request is on its way.
  const reader = import('./verified-answer');
  const body = await request<unknown>('hospital/verify-email', {
    method: 'post',
    json: { email: email.trim(), token: code.trim() },
    // The HttpOnly cookie the registration answer set binds the code to this browser's registration.
    credentials: 'same-origin',
    fallback: VERIFICATION_FAILED,
  });
  const answer = (await reader).readVerified(body);
  if (!answer) throw new ApiError(200, VERIFICATION_FAILED);
  return answer;
}

/** POST /api/hospital/resend-verification: a new code, the old one void (at most one a minute). */
export async function resendVerification(email: string): Promise<void> {
  await request('hospital/resend-verification', {
    method: 'post',
    json: { email: email.trim() },
    credentials: 'same-origin',
    fallback: RESEND_FAILED,
  });
}
