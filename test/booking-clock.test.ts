import { describe, expect, it } from 'vitest';
import { lagosQuarter, startOfBookableQuarter } from './helpers/booking-clock';
import { runningClock } from './helpers/clock';

/** The appointment tests' clock leaves them a whole quarter hour whatever the wall clock says. */
describe('the booking clock of the appointment tests', () => {
  const at = (iso: string) => Date.parse(iso);

  it('starts 30 s into the Lagos quarter under way, even in its last second', () => {
    expect(startOfBookableQuarter(at('2026-11-27T09:07:00Z')).toISOString()).toBe('2026-11-27T09:00:30.000Z');
    expect(startOfBookableQuarter(at('2026-11-27T09:14:59Z')).toISOString()).toBe('2026-11-27T09:00:30.000Z');
    expect(lagosQuarter(startOfBookableQuarter(at('2026-11-27T09:14:59Z')))).toEqual({
      date: '2026-11-27',
      time: '10:15',
    });
  });

  it("goes back a quarter in the Lagos day's last, so the next quarter is still today", () => {
    // 23:50 in Lagos is 22:50 UTC.
    const start = startOfBookableQuarter(at('2026-11-27T22:50:00Z'));
    expect(start.toISOString()).toBe('2026-11-27T22:30:30.000Z');
    expect(lagosQuarter(start)).toEqual({ date: '2026-11-27', time: '23:45' });
  });

  it('runs at the real pace from where it is set', async () => {
    const clock = runningClock(new Date('2030-03-04T09:00:00Z'));
    const first = clock().getTime();
    await new Promise((r) => setTimeout(r, 20));
    expect(clock().getTime()).toBeGreaterThan(first);
    expect(clock().getTime() - first).toBeLessThan(60_000);
  });
});
