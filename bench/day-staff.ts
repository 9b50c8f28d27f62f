import WebSocket from 'ws';
import { pushKey, type Answer, type PushClock, type Recorder } from './day-metrics';

/**
 * One member of staff as the browser is: a Bearer token and a JSON content type on every call,
 * their own workstation's address, and a /ws socket open all day.
 */
export const ROLE_MIX = {
  nurse: 67,
  doctor: 39,
  receptionist: 33,
  lab_technician: 22,
  pharmacist: 17,
  accountant: 16,
  admin: 6,
} as const;
export type Role = keyof typeof ROLE_MIX;

/** `n` staff in the proportions of ROLE_MIX (which is the mix of 200), at least one of each role. */
export function roleMix(n: number): Role[] {
  const entries = Object.entries(ROLE_MIX) as [Role, number][];
  const total = entries.reduce((a, [, share]) => a + share, 0);
  const counts = new Map(entries.map(([role, share]) => [role, Math.max(1, Math.floor((share * n) / total))]));
  // The seats left go to the largest remainders.
  const byRemainder = [...entries].sort((a, b) => ((b[1] * n) % total) - ((a[1] * n) % total));
  for (let i = 0; [...counts.values()].reduce((a, b) => a + b, 0) < n; i++) {
    const role = byRemainder[i % byRemainder.length]![0];
    counts.set(role, counts.get(role)! + 1);
  }
  return entries.flatMap(([role]) => Array<Role>(counts.get(role)!).fill(role));
}

export type Day = {
  base: string;
  recorder: Recorder;
  clock: PushClock;
  /** Scales every think time (1 = as stated; 0.2 while developing). */
  think: number;
  /** When the day ends (performance.now()). */
  end: number;
  medications: { id: string; name: string }[];
};

export class Staff {
  socket: WebSocket | null = null;
  received = 0;

  constructor(
    readonly day: Day,
    readonly role: Role,
    readonly token: string,
    readonly ip: string,
    readonly index: number,
  ) {}

  /** One call; `kind` names the route (`PATCH /api/patients/:id/status`) the figures are kept under. */
  async call(
    kind: string,
    path: string,
    body?: unknown,
    headers: Record<string, string> = {},
    pushes?: { keys: string[]; via: string },
  ): Promise<Answer> {
    const method = kind.slice(0, kind.indexOf(' '));
    const t0 = performance.now();
    const origins = pushes ? this.day.clock.begin(pushes.keys, t0, pushes.via) : [];
    let status = 0;
    let json: Record<string, unknown> | null = null;
    try {
      const res = await fetch(`${this.day.base}${path}`, {
        method,
        headers: {
          authorization: `Bearer ${this.token}`,
          'content-type': 'application/json',
          'x-forwarded-for': this.ip,
          ...headers,
        },
        ...(body === undefined ? {} : { body: JSON.stringify(body) }),
      });
      status = res.status;
      const text = await res.text();
      const isJson = res.headers.get('content-type')?.includes('json') ?? false;
      json = text && isJson ? (JSON.parse(text) as Record<string, unknown>) : null;
    } catch (e) {
      json = { message: `network: ${(e as Error).message}` };
    }
    const ms = performance.now() - t0;
    this.day.clock.settle(origins, t0 + ms, status >= 200 && status < 300);
    this.day.recorder.record(
      kind,
      status,
      ms,
      `${method} ${path}${body ? ` ${JSON.stringify(body).slice(0, 200)}` : ''}`,
      json,
    );
    return { status, json, ok: status >= 200 && status < 300, sent: t0, answered: t0 + ms };
  }

  /** Registers the pushes a command causes whose keys (as pushKey makes them) come from its answer. */
  expectPushes(answer: Answer, keys: string[], via: string) {
    if (answer.ok) this.day.clock.expect(keys, answer.sent, answer.answered, via);
  }

  connect(): Promise<void> {
    const url = `${this.day.base.replace(/^http/, 'ws')}/ws?token=${encodeURIComponent(this.token)}`;
    return new Promise((resolve, reject) => {
      const ws = new WebSocket(url, { headers: { 'x-forwarded-for': this.ip } });
      this.socket = ws;
      ws.on('message', (raw) => {
        const at = performance.now();
        this.received++;
        const m = JSON.parse(raw.toString()) as { type: string; data: Record<string, unknown> };
        if (m.type === 'connection') resolve();
        else this.day.clock.received(m.type, pushKey(m.type, m.data ?? {}), at);
      });
      ws.once('error', reject);
      ws.once('close', (code, reason) => {
        // Closed before its welcome (a session that has ended): refused, never left waiting.
        reject(new Error(`socket of ${this.role} closed (${code} ${reason.toString()})`));
        if (performance.now() < this.day.end && code !== 1000)
          this.day.recorder.record('WS /ws (closed early)', code, 0, `socket of ${this.role} #${this.index}`, null);
      });
    });
  }

  /** A pause of `min`–`max` seconds, scaled; false once the day is over. */
  async pause(min: number, max: number): Promise<boolean> {
    const ms = (min + Math.random() * (max - min)) * 1000 * this.day.think;
    const left = this.day.end - performance.now();
    await new Promise((r) => setTimeout(r, Math.max(0, Math.min(ms, left))));
    return performance.now() < this.day.end;
  }
}

export const pick = <T>(list: readonly T[]): T | undefined => list[Math.floor(Math.random() * list.length)];

// ── what the screens answer ─────────────────────────────────────────────────
export type Json = Record<string, unknown>;
/** One screen of a role: its weight among the role's screens, and what the person does on it. */
export type Action = [weight: number, run: (s: Staff) => Promise<void>];

export const data = (j: Json | null) => (j?.data ?? {}) as Json;
export const list = <T = Json>(j: Json | null, key: string) => (data(j)[key] ?? []) as T[];
export const today = () => new Date().toISOString().slice(0, 10);

/** A patient from a page of the list in `status`, or nobody (the list was empty). */
export async function fromList(s: Staff, status: string): Promise<{ id: string } | undefined> {
  const q = `/api/patients?page=1&limit=10&status=${encodeURIComponent(status)}`;
  return pick(list<{ id: string }>((await s.call('GET /api/patients?status', q)).json, 'patients'));
}

/** The patient's page: its `version` is what a status change from that page is pinned to. */
export async function openPatient(s: Staff, id: string): Promise<{ id: string; version: number } | undefined> {
  const a = await s.call('GET /api/patients/:id', `/api/patients/${id}`);
  const version = (data(a.json) as { version?: number }).version;
  return a.ok && version ? { id, version } : undefined;
}

export async function setStatus(s: Staff, p: { id: string; version: number }, status: string) {
  return s.call(
    'PATCH /api/patients/:id/status',
    `/api/patients/${p.id}/status`,
    { status, version: p.version },
    {},
    { keys: [`patient_status_changed:${p.id}:${status}`], via: 'status change' },
  );
}
