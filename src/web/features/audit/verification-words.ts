import type { Verification } from './api/trail-api';

/**
 * The verification's answer in words (issue 34 §4): "All 417 entries since 12 Nov are intact; last
 * signed checkpoint 09:41 today". Dates and times in `timeZone`; `now` is passed in.
 */

const dayKey = (d: Date, timeZone: string) =>
  new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(d);

/** '12 Nov', or '12 Nov 2025' in another year than `now`'s. */
export function shortDate(iso: string, now: Date, timeZone: string): string {
  const at = new Date(iso);
  const sameYear = dayKey(at, timeZone).slice(0, 4) === dayKey(now, timeZone).slice(0, 4);
  return new Intl.DateTimeFormat('en-GB', {
    timeZone,
    day: 'numeric',
    month: 'short',
    ...(sameYear ? {} : { year: 'numeric' }),
  }).format(at);
}

/** '09:41' in `timeZone`. */
export function hourMinute(iso: string, timeZone: string): string {
  return new Intl.DateTimeFormat('en-GB', { timeZone, hour: '2-digit', minute: '2-digit', hour12: false }).format(
    new Date(iso),
  );
}

/** '09:41 today', '09:41 yesterday' or '09:41 on 12 Nov'. */
export function whenSaid(iso: string, now: Date, timeZone: string): string {
  const at = new Date(iso);
  const time = hourMinute(iso, timeZone);
  if (dayKey(at, timeZone) === dayKey(now, timeZone)) return `${time} today`;
  if (dayKey(at, timeZone) === dayKey(new Date(now.getTime() - 86_400_000), timeZone)) return `${time} yesterday`;
  return `${time} on ${shortDate(iso, now, timeZone)}`;
}

const count = (n: number) => n.toLocaleString('en-US');

/** The sentence of an intact trail. */
export function intactSentence(v: Verification, now: Date, timeZone: string): string {
  if (v.checked === 0) return 'The trail has no entries yet: there is nothing to verify.';
  const entries = v.checked === 1 ? 'The 1 entry' : `All ${count(v.checked)} entries`;
  const since = v.since ? ` since ${shortDate(v.since, now, timeZone)}` : '';
  const verb = v.checked === 1 ? 'is' : 'are';
  const last = v.anchored?.last;
  const checkpoint = last
    ? `; last signed checkpoint ${whenSaid(last.at, now, timeZone)}`
    : '; no signed checkpoint yet';
  return `${entries}${since} ${verb} intact${checkpoint}.`;
}

const reads = (n: number) => `${count(n)} record read${n === 1 ? '' : 's'}`;

/**
 * The access log's reads in words: "1,204 record reads sealed and intact; 12 waiting for their seal
 * (sealed within about ten seconds)." Reads not sealed yet are not a fault: the sealer is about to.
 */
export function readsSentence(r: NonNullable<Verification['reads']>): string {
  const waiting = (n: number) =>
    `${count(n)} waiting for ${n === 1 ? 'its' : 'their'} seal (sealed within about ten seconds)`;
  if (r.sealed === 0 && r.pending === 0) return 'No record reads logged yet.';
  if (r.sealed === 0) return `${reads(r.pending)} logged, ${waiting(r.pending)}.`;
  const sealed = `${reads(r.sealed)} sealed and intact`;
  return r.pending === 0 ? `${sealed}.` : `${sealed}; ${waiting(r.pending)}.`;
}

/**
 * A seal of the access log that its reads no longer match, in words: which seal, what differs, and
 * that the trail's own entries are intact (the chain was checked first).
 */
export function brokenSealSentence(v: Verification, now: Date, timeZone: string): string {
  const b = v.broken!;
  const seal = b.seal ?? { count: 0, found: 0 };
  const what =
    seal.found < seal.count
      ? `it covers ${reads(seal.count)}, but the access log now holds ${count(seal.found)} in its range: reads were deleted after they were sealed`
      : seal.found > seal.count
        ? `it covers ${reads(seal.count)}, but the access log now holds ${count(seal.found)} in its range: reads were added after they were sealed`
        : `it covers ${reads(seal.count)} and the access log still holds ${count(seal.found)}, but one or more of them were changed after they were sealed`;
  const entries = v.checked === 1 ? 'The 1 entry of the trail is' : `All ${count(v.checked)} entries of the trail are`;
  const before = v.reads && v.reads.sealed > 0 ? `, as are the ${reads(v.reads.sealed)} sealed before it` : '';
  return `The seal of record reads at entry #${b.seq} (made ${whenSaid(b.time, now, timeZone)}) no longer matches the access log: ${what}. ${entries} intact${before}.`;
}
