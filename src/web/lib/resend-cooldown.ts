import { useCallback, useEffect, useState } from 'react';

/** The server sends a new verification code at most once a minute. */
export const RESEND_INTERVAL_SECONDS = 60;

/** Whole seconds left until `until` (epoch ms), never below 0. */
export function secondsLeft(until: number | null, now: number): number {
  return until === null ? 0 : Math.max(0, Math.ceil((until - now) / 1000));
}

/** The server's words for a resend asked too early, with the seconds still to wait. */
export function resendWaitMessage(seconds: number): string {
  return `Please wait ${seconds} ${seconds === 1 ? 'second' : 'seconds'} before requesting a new code`;
}

/**
 * The wait before another code may be asked for, counting down every second. `start(seconds)`
 * begins it (after a code was sent, or with the server's Retry-After when it refused one).
 */
export function useResendCooldown(clock: () => number = Date.now) {
  const [until, setUntil] = useState<number | null>(null);
  const [now, setNow] = useState(clock);
  const left = secondsLeft(until, now);

  useEffect(() => {
    if (until === null) return;
    const timer = setInterval(() => {
      const current = clock();
      setNow(current);
      if (current >= until) setUntil(null);
    }, 1000);
    return () => clearInterval(timer);
  }, [until, clock]);

  const start = useCallback(
    (seconds: number) => {
      const current = clock();
      setNow(current);
      setUntil(current + seconds * 1000);
    },
    [clock],
  );
  const stop = useCallback(() => setUntil(null), []);

  return { secondsLeft: left, start, stop };
}
