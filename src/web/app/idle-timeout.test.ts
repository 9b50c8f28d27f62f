import { describe, expect, it } from 'vitest';
import { formatCountdown, idleMinutesFrom, idlePhase, shouldRecordActivity } from './idle-timeout';

const MINUTE = 60_000;

describe('idlePhase', () => {
  it('is active before the idle time, with the time left until the warning', () => {
    expect(idlePhase(1_000, 1_000 + 4 * MINUTE, 10 * MINUTE)).toEqual({ phase: 'active', msUntilWarning: 6 * MINUTE });
  });

  it('warns with a 30-second countdown once the idle time has passed', () => {
    expect(idlePhase(0, 10 * MINUTE, 10 * MINUTE)).toEqual({ phase: 'warning', secondsLeft: 30 });
    expect(idlePhase(0, 10 * MINUTE + 29_001, 10 * MINUTE)).toEqual({ phase: 'warning', secondsLeft: 1 });
  });

  it('expires when the countdown reaches zero, even if the tab slept through it', () => {
    expect(idlePhase(0, 10 * MINUTE + 30_000, 10 * MINUTE)).toEqual({ phase: 'expired' });
    expect(idlePhase(0, 5 * 60 * MINUTE, 10 * MINUTE)).toEqual({ phase: 'expired' });
  });

  it('treats a clock that went backwards as no time elapsed', () => {
    expect(idlePhase(10_000, 5_000, MINUTE)).toEqual({ phase: 'active', msUntilWarning: MINUTE });
  });
});

describe('shouldRecordActivity', () => {
  it('ignores activity within 5 seconds of the last recorded one', () => {
    expect(shouldRecordActivity(100_000, 104_999)).toBe(false);
  });

  it('records activity 5 seconds or more after the last one', () => {
    expect(shouldRecordActivity(100_000, 105_000)).toBe(true);
    expect(shouldRecordActivity(100_000, 400_000)).toBe(true);
  });
});

describe('formatCountdown', () => {
  it('shows minutes and two-digit seconds', () => {
    expect(formatCountdown(30)).toBe('0:30');
    expect(formatCountdown(5)).toBe('0:05');
    expect(formatCountdown(75)).toBe('1:15');
  });

  it('never shows a negative time', () => {
    expect(formatCountdown(-3)).toBe('0:00');
  });
});

describe('idleMinutesFrom', () => {
  it('reads a positive number of minutes', () => {
    expect(idleMinutesFrom('30')).toBe(30);
    expect(idleMinutesFrom('0.5')).toBe(0.5);
  });

  it('falls back to 10 minutes when unset or not a positive number', () => {
    for (const value of [undefined, '', 'abc', '0', '-5']) expect(idleMinutesFrom(value)).toBe(10);
  });
});
