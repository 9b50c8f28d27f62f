import { modules } from '../../src/modules';
import { createAppointmentsModule } from '../../src/modules/appointments';
import type { AppModule } from '../../src/platform/platform';
import { runningClock, type TestClock } from './clock';

/**
 * The appointment book's clock in tests that book the next quarter hour in Lagos (Africa/Lagos is
 * UTC+1 all year, and the test hospitals open round the clock): a slot that has started is refused
 * as past, and a check-in must fall on the booking's Lagos day. Rather than wait for the wall clock
 * to leave enough of both, a test sets the clock of the server's book (and, in a browser test, of
 * its pages: `browserSuite({ clock })`) to just after the start of a quarter hour, and it runs at
 * the real pace from there.
 */
const LAGOS_OFFSET_MS = 60 * 60_000;
const QUARTER_MS = 15 * 60_000;
const DAY_MS = 24 * 60 * 60_000;

/**
 * 30 s into the Lagos quarter hour under way at `at`, or into the one before it when `at` is in the
 * day's last quarter: the next quarter starts 14½ minutes later, on the same Lagos day. It stays
 * within half an hour of the real time, so the pages' and the server's other clocks still agree.
 */
export function startOfBookableQuarter(at = Date.now()): Date {
  const lagos = at + LAGOS_OFFSET_MS;
  let start = lagos - (lagos % QUARTER_MS);
  if (start % DAY_MS === DAY_MS - QUARTER_MS) start -= QUARTER_MS;
  return new Date(start - LAGOS_OFFSET_MS + 30_000);
}

/** A running clock at the start of a bookable quarter hour, for `withAppointmentsClock` or `browserSuite({ clock })`. */
export const bookingClock = (): TestClock => runningClock(startOfBookableQuarter());

/**
 * Moves `clock` to the start of the bookable quarter hour under way: call it at the start of a test
 * that books, before it opens its pages (a page takes the clock's time when it is opened).
 */
export function toBookableQuarter(clock: TestClock): void {
  clock.set(startOfBookableQuarter());
}

/** The Lagos date and the next quarter hour there at `at`, as the booking routes take them. */
export function lagosQuarter(at: Date): { date: string; time: string } {
  const next = new Date(Math.ceil((at.getTime() + 1) / QUARTER_MS) * QUARTER_MS + LAGOS_OFFSET_MS);
  return { date: next.toISOString().slice(0, 10), time: next.toISOString().slice(11, 16) };
}

/** The app's modules, with the appointment book reckoning "now" and "today" by `clock`. */
export const withAppointmentsClock = (clock: () => Date): AppModule[] =>
  modules.map((m) => (m.name === 'appointments' ? createAppointmentsModule({ clock }) : m));
