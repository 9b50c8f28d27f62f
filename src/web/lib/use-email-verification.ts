import { useState } from 'react';
import { toast } from 'react-toastify';
import { verificationCodeError } from '../../shared/hospital-formats';
import { ApiError } from './api-client';
import { CODE_SENT, resendVerification, verifyEmail, type Verified } from './email-verification';
import { sameNames, useFormErrors } from './field-errors';
import { RESEND_INTERVAL_SECONDS, useResendCooldown } from './resend-cooldown';

/**
 * Entering the emailed 6-digit code, and asking for a new one: the state shared by onboarding step 3
 * and the admin sign-in of an admin who never verified. `verify()` resolves to the new session's
 * answer, or null when the code was refused (the reason is then in `codeError` or `alert`).
 */
export function useEmailVerification(email: string) {
  const [code, setCode] = useState('');
  const [busy, setBusy] = useState<null | 'verifying' | 'resending'>(null);
  const { errors, failure, setErrors, reset, fail } = useFormErrors(sameNames(['token'] as const));
  const cooldown = useResendCooldown();

  const editCode = (value: string) => {
    setCode(value.replace(/\D/g, '').slice(0, 6));
    reset();
  };

  const verify = async (): Promise<Verified | null> => {
    const problem = verificationCodeError(code);
    reset();
    if (problem) {
      setErrors({ token: problem });
      return null;
    }
    setBusy('verifying');
    try {
      return await verifyEmail(email, code);
    } catch (error) {
      // A wrong code is said beside the code field; an expired or used one above the form.
      fail(error, (error as Error).message);
      return null;
    } finally {
      setBusy(null);
    }
  };

  const resend = async () => {
    if (cooldown.secondsLeft > 0) return;
    setBusy('resending');
    reset();
    try {
      await resendVerification(email);
      setCode('');
      toast.success(CODE_SENT);
      cooldown.start(RESEND_INTERVAL_SECONDS);
    } catch (error) {
      // Too early: the wait counts down where the server's fixed text stood.
      if (error instanceof ApiError && error.status === 429 && error.retryAfterSeconds) {
        cooldown.start(error.retryAfterSeconds);
      } else {
        fail(error, (error as Error).message);
      }
    } finally {
      setBusy(null);
    }
  };

  /** Forget the code and any message (e.g. when the person goes back a step). */
  const clear = () => {
    setCode('');
    reset();
  };

  return {
    email,
    code,
    codeError: errors.token ?? null,
    alert: failure,
    busy,
    resendSecondsLeft: cooldown.secondsLeft,
    editCode,
    verify,
    resend,
    clear,
  };
}

export type EmailVerification = ReturnType<typeof useEmailVerification>;
