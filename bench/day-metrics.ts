import { readFileSync, readdirSync } from 'node:fs';
import { percentile } from './report';

/**
 * What `bench:day` measures: each request's latency and status by route kind, the push latency
 * of each notification at each receiving socket, and the CPU time of the processes that serve.
 */

/** A 409 is the answer a person gets when a colleague got there first (the patient taken, the invoice paid). */
const EXPECTED_STATUSES = new Set([409]);

type Kind = {
  latencies: number[];
  statuses: Map<number, number>;
  expected: Map<string, number>;
  samples: string[];
};

/** `sent` and `answered`: performance.now() when the request left and its answer was read. */
export type Answer = {
  status: number;
  json: Record<string, unknown> | null;
  ok: boolean;
  sent: number;
  answered: number;
};

export class Recorder {
  readonly kinds = new Map<string, Kind>();
  /** Only requests inside the measured window count. */
  measuring = false;
  requests = 0;

  private kind(name: string): Kind {
    let k = this.kinds.get(name);
    if (!k) this.kinds.set(name, (k = { latencies: [], statuses: new Map(), expected: new Map(), samples: [] }));
    return k;
  }

  record(kind: string, status: number, ms: number, input: string, json: unknown) {
    if (!this.measuring) return;
    this.requests++;
    const k = this.kind(kind);
    k.latencies.push(ms);
    k.statuses.set(status, (k.statuses.get(status) ?? 0) + 1);
    const message = String((json as { message?: unknown } | null)?.message ?? '');
    if (EXPECTED_STATUSES.has(status)) {
      k.expected.set(message, (k.expected.get(message) ?? 0) + 1);
    } else if (status < 200 || status > 299) {
      if (k.samples.length < 5) k.samples.push(`${status} ${input} → ${JSON.stringify(json).slice(0, 300)}`);
    }
  }

  /** Work the server does after answering (an access report prepared in the background): its durations. */
  readonly jobs = new Map<string, number[]>();

  job(name: string, ms: number) {
    if (!this.measuring) return;
    const list = this.jobs.get(name) ?? [];
    list.push(ms);
    this.jobs.set(name, list);
  }

  jobSummary() {
    return [...this.jobs.entries()].map(([name, list]) => {
      const sorted = [...list].sort((a, b) => a - b);
      const at = (q: number) => percentile(sorted, q);
      return { name, count: sorted.length, p50: at(0.5), p95: at(0.95), p99: at(0.99) };
    });
  }

  /** Requests answered neither 2xx nor an expected business 409 (0 means none). */
  errorsOf(k: Kind): number {
    let n = 0;
    for (const [status, count] of k.statuses)
      if ((status < 200 || status > 299) && !EXPECTED_STATUSES.has(status)) n += count;
    return n;
  }

  summary() {
    return [...this.kinds.entries()]
      .map(([name, k]) => {
        const sorted = [...k.latencies].sort((a, b) => a - b);
        return {
          name,
          count: sorted.length,
          p50: percentile(sorted, 0.5),
          p95: percentile(sorted, 0.95),
          p99: percentile(sorted, 0.99),
          errors: this.errorsOf(k),
          statuses: [...k.statuses.entries()].sort((a, b) => a[0] - b[0]),
          expected: [...k.expected.entries()],
          samples: k.samples,
        };
      })
      .sort((a, b) => a.name.localeCompare(b.name));
  }
}

/**
 * Push latency: a command registers the keys of the messages it causes (`patient_created:<id>`)
 * with the times it was sent and answered; each socket that receives such a message records
 * the delay after each. A message may arrive before the answer: it waits here until the
 * command registers.
 */
type Origin = { sent: number; answered: number; via: string };
export class PushClock {
  /** Per key, the commands that cause it, oldest first: a message belongs to the latest sent before it arrived. */
  private readonly origins = new Map<string, Origin[]>();
  private readonly early = new Map<string, { type: string; at: number }[]>();
  readonly fromSend = new Map<string, number[]>();
  readonly fromAnswer = new Map<string, number[]>();
  beforeAnswer = 0;
  unmatched = 0;
  measuring = false;

  /**
   * A command whose keys are known before it is sent (the patient's id): registered as it leaves,
   * so its message is never taken for an earlier command's on the same key. `settle` when answered.
   */
  begin(keys: string[], sent: number, via: string): Origin[] {
    return keys.map((key) => this.register(key, { sent, answered: Infinity, via }));
  }

  settle(origins: Origin[], answered: number, ok: boolean) {
    for (const o of origins) o.answered = ok ? answered : -1;
  }

  /** A command whose keys come from its answer (a new patient's id): messages that came first wait here for it. */
  expect(keys: string[], sent: number, answered: number, via: string) {
    for (const key of keys) {
      const origin = this.register(key, { sent, answered, via });
      const waiting = this.early.get(key) ?? [];
      for (const e of waiting) this.add(e.type, origin, e.at);
      this.early.delete(key);
    }
  }

  private register(key: string, origin: Origin): Origin {
    const list = this.origins.get(key) ?? [];
    list.push(origin);
    this.origins.set(key, list);
    return origin;
  }

  received(type: string, key: string | null, at: number) {
    if (!key || !this.measuring) return;
    const origin = this.origins
      .get(key)
      ?.filter((o) => o.sent <= at && o.answered !== -1)
      .at(-1);
    if (origin) this.add(type, origin, at);
    else {
      const list = this.early.get(key) ?? [];
      list.push({ type, at });
      this.early.set(key, list);
    }
  }

  private add(type: string, origin: Origin, at: number) {
    const label = `${type} (${origin.via})`;
    if (at < origin.answered) this.beforeAnswer++;
    push(this.fromSend, label, at - origin.sent);
    push(this.fromAnswer, label, at < origin.answered ? 0 : at - origin.answered);
  }

  /** Messages seen whose command never registered (setup traffic, or a command that failed). */
  finish() {
    for (const list of this.early.values()) this.unmatched += list.length;
    this.early.clear();
  }
}

function push(map: Map<string, number[]>, key: string, v: number) {
  const list = map.get(key) ?? [];
  list.push(v);
  map.set(key, list);
}

/** The key a server message is matched on, from its data (see the rules of the notifications module). */
export function pushKey(type: string, data: Record<string, unknown>): string | null {
  const d = data as Record<string, Record<string, unknown> | undefined> & Record<string, unknown>;
  switch (type) {
    case 'patient_created':
      return `${type}:${d.patient?.id}`;
    case 'patient_status_changed':
      return `${type}:${d.patient?.id}:${String(d.newStatus)}`;
    case 'patient_vitals_updated':
      return `${type}:${d.patient?.id}`;
    case 'CONSULTATION_CREATED':
    case 'NEW_LAB_ORDER':
    case 'NEW_PRESCRIPTION':
      return `${type}:${d.consultation?.id}`;
    case 'PRESCRIPTION_DISPENSED':
      return `${type}:${String(d.consultationId)}`;
    case 'LAB_RESULTS_READY':
      return `${type}:${String(d.labRequestId)}`;
    case 'invoice_created':
      return `${type}:${d.invoice?.consultationId}`;
    case 'payment_received':
      return `${type}:${d.payment?.id}`;
    default:
      return null;
  }
}

// ── CPU time from /proc ─────────────────────────────────────────────────────

const TICK_MS = 10; // USER_HZ is 100 on Linux

/** utime, stime, cutime, cstime of a process, in ms (fields 14–17 of /proc/<pid>/stat). */
function times(pid: number): { self: number; children: number; ppid: number } | null {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const f = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    // After the name: state(0) ppid(1) … utime(11) stime(12) cutime(13) cstime(14)
    return {
      ppid: Number(f[1]),
      self: (Number(f[11]) + Number(f[12])) * TICK_MS,
      children: (Number(f[13]) + Number(f[14])) * TICK_MS,
    };
  } catch {
    return null;
  }
}

/** CPU ms of one process (its own threads; not its children). */
export function processCpu(pid: number): number {
  return times(pid)?.self ?? 0;
}

/**
 * CPU ms of a process tree: the root's own time and that of its exited children, and the own
 * time of every live descendant (PostgreSQL's backends are children of the postmaster).
 */
export function treeCpu(root: number): number {
  const all = readdirSync('/proc').filter((d) => /^\d+$/.test(d));
  const parents = new Map<number, number>();
  const own = new Map<number, number>();
  for (const d of all) {
    const t = times(Number(d));
    if (!t) continue;
    parents.set(Number(d), t.ppid);
    own.set(Number(d), t.self);
  }
  const top = times(root);
  if (!top) return 0;
  let total = top.self + top.children;
  for (const [pid, ms] of own) {
    for (let p = parents.get(pid); p !== undefined && p > 1; p = parents.get(p)) {
      if (p === root) {
        total += ms;
        break;
      }
    }
  }
  return total;
}
