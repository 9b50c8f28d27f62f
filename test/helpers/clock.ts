/** A clock tests move forward by hand, for code expiry, resend throttling, lockouts and session expiry. */
export type TestClock = (() => Date) & { advance: (ms: number) => void; set: (d: Date) => void };

export function testClock(start = new Date()): TestClock {
  let now = start.getTime();
  const clock = (() => new Date(now)) as TestClock;
  clock.advance = (ms) => {
    now += ms;
  };
  clock.set = (d) => {
    now = d.getTime();
  };
  return clock;
}

export const MINUTE = 60_000;
