/**
 * The inactivity rules of product-spec-1 §4 and §9 as pure functions of `now`, so the component
 * only wires timers and events to them.
 */

export const DEFAULT_IDLE_MINUTES = 10;
/** The countdown shown before the automatic logout. */
export const WARNING_MS = 30_000;
/** Activity this soon after the last recorded one is ignored. */
export const ACTIVITY_MIN_GAP_MS = 5_000;
/** Bursts of clicks and key presses count once, this long after the last event. */
export const ACTIVITY_DEBOUNCE_MS = 1_000;

/** Minutes from VITE_SESSION_IDLE_MINUTES when it is a positive number, else the default. */
export function idleMinutesFrom(value: string | undefined): number {
  const minutes = Number(value);
  return value !== undefined && value.trim() !== '' && Number.isFinite(minutes) && minutes > 0
    ? minutes
    : DEFAULT_IDLE_MINUTES;
}

export type IdlePhase =
  { phase: 'active'; msUntilWarning: number } | { phase: 'warning'; secondsLeft: number } | { phase: 'expired' };

/** Where a session stands `now`, given when the last activity was recorded. */
export function idlePhase(lastActivityAt: number, now: number, idleMs: number, warningMs = WARNING_MS): IdlePhase {
  const elapsed = Math.max(0, now - lastActivityAt);
  if (elapsed < idleMs) return { phase: 'active', msUntilWarning: idleMs - elapsed };
  const left = idleMs + warningMs - elapsed;
  return left > 0 ? { phase: 'warning', secondsLeft: Math.ceil(left / 1000) } : { phase: 'expired' };
}

/** Whether an activity at `now` should move the timer (the 5-second rule). */
export function shouldRecordActivity(lastRecordedAt: number, now: number, minGapMs = ACTIVITY_MIN_GAP_MS): boolean {
  return now - lastRecordedAt >= minGapMs;
}

/** "0:30", "0:05": the countdown as minutes and seconds. */
export function formatCountdown(secondsLeft: number): string {
  const s = Math.max(0, Math.ceil(secondsLeft));
  return `${Math.floor(s / 60)}:${String(s % 60).padStart(2, '0')}`;
}
