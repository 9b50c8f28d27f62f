import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from 'prom-client';
import type pg from 'pg';
import type { RecordedEvent } from '../event-store/port';
import type { ProjectionStatus } from '../projections/status';

/** A command's answer as the operator counts it: done, refused, conflicted, failed. */
export function outcomeOf(status: number): '2xx' | '4xx' | '409' | '5xx' | 'other' {
  if (status === 409) return '409';
  if (status >= 200 && status < 300) return '2xx';
  if (status >= 400 && status < 500) return '4xx';
  if (status >= 500) return '5xx';
  return 'other';
}

export type MetricSources = {
  pool: pg.Pool;
  sockets: () => number;
  projections: () => Promise<ProjectionStatus[]>;
};

/**
 * The server's vital signs, in one registry per app (several apps in one test process never share
 * counters). Scraped at GET /metrics (see routes.ts); the gauges read their sources when scraped.
 */
export class Metrics {
  readonly registry = new Registry();
  private readonly requests: Histogram<'method' | 'route' | 'status'>;
  private readonly commands: Counter<'route' | 'outcome'>;
  private readonly appendSeconds: Histogram;
  private readonly appendBatch: Histogram;
  private readonly pushSeconds: Histogram;
  private readonly outgoing: Gauge<'channel'>;
  private readonly sent: Counter<'channel' | 'result'>;

  constructor(sources: MetricSources) {
    const registers = [this.registry];
    collectDefaultMetrics({ register: this.registry, prefix: 'hms_process_' });
    this.requests = new Histogram({
      name: 'hms_http_request_duration_seconds',
      help: 'HTTP requests by method, route pattern and status, and how long they took',
      labelNames: ['method', 'route', 'status'],
      buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
      registers,
    });
    this.commands = new Counter({
      name: 'hms_command_outcomes_total',
      help: 'Answers to writes (POST, PUT, PATCH, DELETE) by route: 2xx done, 4xx refused, 409 conflict, 5xx failed',
      labelNames: ['route', 'outcome'],
      registers,
    });
    this.appendSeconds = new Histogram({
      name: 'hms_event_store_append_seconds',
      help: 'How long one commit of the event store took (one group-commit batch)',
      buckets: [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5],
      registers,
    });
    this.appendBatch = new Histogram({
      name: 'hms_event_store_append_batch_size',
      help: 'Appends committed together in one group-commit batch',
      buckets: [1, 2, 4, 8, 16, 32, 64, 128],
      registers,
    });
    this.pushSeconds = new Histogram({
      name: 'hms_push_latency_seconds',
      help: 'From an event being recorded to its socket pushes being sent by this server',
      buckets: [0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5],
      registers,
    });
    this.outgoing = new Gauge({
      name: 'hms_outgoing_queue_depth',
      help: 'Mails and texts being sent now (the queue a slow mail server or SMS gateway builds)',
      labelNames: ['channel'],
      registers,
    });
    this.sent = new Counter({
      name: 'hms_outgoing_total',
      help: 'Mails and texts handed to the mail server or SMS gateway (or the outbox), by result',
      labelNames: ['channel', 'result'],
      registers,
    });
    for (const channel of ['mail', 'sms']) this.outgoing.set({ channel }, 0);
    new Gauge({
      name: 'hms_websocket_connections',
      help: 'Open WebSocket connections on this server',
      registers,
      collect() {
        this.set(sources.sockets());
      },
    });
    new Gauge({
      name: 'hms_db_pool_connections',
      help: "The app's database pool: connections in use, idle, and requests waiting for one",
      labelNames: ['state'],
      registers,
      collect() {
        const { totalCount, idleCount, waitingCount } = sources.pool;
        this.set({ state: 'in_use' }, totalCount - idleCount);
        this.set({ state: 'idle' }, idleCount);
        this.set({ state: 'waiting' }, waitingCount);
      },
    });
    const lagEvents = new Gauge({
      name: 'hms_projection_lag_events',
      help: 'Events a projection or reactor has not applied yet (counted up to 1000)',
      labelNames: ['consumer', 'kind', 'leader'],
      registers,
    });
    new Gauge({
      name: 'hms_projection_lag_seconds',
      help: 'Age of the oldest event a projection or reactor has not applied yet',
      labelNames: ['consumer', 'kind', 'leader'],
      registers,
      async collect() {
        const all = await sources.projections().catch(() => []);
        lagEvents.reset();
        this.reset();
        for (const p of all) {
          const labels = { consumer: p.name, kind: p.kind, leader: String(p.leader) };
          lagEvents.set(labels, p.eventsBehind);
          this.set(labels, p.secondsBehind);
        }
      },
    });
  }

  /** One HTTP answer; `route` is the route's pattern (never the URL: ids would explode the labels). */
  observeRequest(method: string, route: string, status: number, seconds: number): void {
    this.requests.observe({ method, route, status: String(status) }, seconds);
    if (method !== 'GET' && method !== 'HEAD' && method !== 'OPTIONS') {
      this.commands.inc({ route, outcome: outcomeOf(status) });
    }
  }

  observeCommit = (seconds: number, appends: number): void => {
    this.appendSeconds.observe(seconds);
    this.appendBatch.observe(appends);
  };

  observePushed = (events: RecordedEvent[]): void => {
    const now = Date.now();
    for (const e of events) this.pushSeconds.observe(Math.max(0, (now - Date.parse(e.recordedAt)) / 1000));
  };

  /** Wraps a mailer or SMS sender so its sends in progress and their results are counted. */
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- any sender's message type
  counted<S extends { send: (message: any) => Promise<void> }>(channel: 'mail' | 'sms', sender: S): S {
    const send = async (message: Parameters<S['send']>[0]) => {
      this.outgoing.inc({ channel });
      try {
        await sender.send(message);
        this.sent.inc({ channel, result: 'sent' });
      } catch (err) {
        this.sent.inc({ channel, result: 'failed' });
        throw err;
      } finally {
        this.outgoing.dec({ channel });
      }
    };
    return Object.assign(Object.create(sender) as S, { send });
  }
}
