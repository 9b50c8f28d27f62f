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

/**
 * A clock that runs at the real pace from wherever a test sets it: a server under test and the browser
 * pages it serves can share one (test/browser/helpers/suite.ts), so both agree on "now" without either
 * waiting for the wall clock.
 */
export function runningClock(start = new Date()): TestClock {
  let offset = start.getTime() - Date.now();
  const clock = (() => new Date(Date.now() + offset)) as TestClock;
  clock.advance = (ms) => {
    offset += ms;
  };
  clock.set = (d) => {
    offset = d.getTime() - Date.now();
  };
  return clock;
}
