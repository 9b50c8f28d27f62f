import { hospitalDate } from '../../../shared/hospital-calendar';

export type Period = { from: string; to: string };

/** This month so far in the hospital's time zone (its days, as the server reckons them): the 1st to today. */
export function monthSoFar(now: Date, timeZone: string): Period {
  const today = hospitalDate(now, timeZone);
  return { from: `${today.slice(0, 8)}01`, to: today };
}

/** Why a period cannot be asked for, or null when it can. */
export function periodProblem({ from, to }: Period): string | null {
  if (!from || !to) return 'Choose both dates';
  return from > to ? 'From must be on or before To' : null;
}
