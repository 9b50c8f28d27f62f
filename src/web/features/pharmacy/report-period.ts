/** The hospital's days are Africa/Lagos days, whatever the browser's time zone (as the server reckons them). */
const lagosDay = new Intl.DateTimeFormat('en-CA', {
  timeZone: 'Africa/Lagos',
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
});

export type Period = { from: string; to: string };

/** This month so far in Lagos: the first of the month to today (YYYY-MM-DD). */
export function monthSoFar(now: Date): Period {
  const today = lagosDay.format(now);
  return { from: `${today.slice(0, 8)}01`, to: today };
}

/** Why a period cannot be asked for, or null when it can. */
export function periodProblem({ from, to }: Period): string | null {
  if (!from || !to) return 'Choose both dates';
  return from > to ? 'From must be on or before To' : null;
}
