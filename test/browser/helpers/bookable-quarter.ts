/**
 * Bookings for the next quarter hour in Lagos (Africa/Lagos is UTC+1 all year, and the test
 * hospitals open round the clock). A slot that has started is refused as past, and a check-in
 * must fall on the booking's Lagos day, so a test waits for enough of both to be left.
 */
const LAGOS_OFFSET_MS = 60 * 60_000;

function lagosNow(at = Date.now()) {
  const lagos = new Date(at + LAGOS_OFFSET_MS);
  const secondsOfDay = lagos.getUTCHours() * 3600 + lagos.getUTCMinutes() * 60 + lagos.getUTCSeconds();
  return { lagos, secondsOfDay };
}

/**
 * Waits (at most a quarter hour) until at least `secondsInQuarter` are left before the next quarter
 * starts, and that quarter is still on today's Lagos date.
 */
export async function awaitBookableQuarter(secondsInQuarter = 120): Promise<void> {
  for (;;) {
    const { secondsOfDay } = lagosNow();
    const leftInQuarter = 900 - (secondsOfDay % 900);
    const leftInDay = 86_400 - secondsOfDay;
    const lastQuarter = leftInDay <= 900;
    if (leftInQuarter >= secondsInQuarter && !lastQuarter) return;
    await new Promise((r) => setTimeout(r, (lastQuarter ? leftInDay : leftInQuarter) * 1000 + 1000));
  }
}

/** The Lagos date and the next quarter hour there, as the booking routes take them (call awaitBookableQuarter first). */
export function lagosQuarter(at = Date.now()): { date: string; time: string } {
  const { lagos, secondsOfDay } = lagosNow(at);
  const minutes = Math.floor(secondsOfDay / 900) * 15 + 15;
  const hhmm = `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;
  return { date: lagos.toISOString().slice(0, 10), time: hhmm };
}
