import pg from 'pg';
import type { Logger } from '../logger';

/** What a node does when it wins or loses the right to run one piece of background work. */
export type LeaseHolder = {
  /** Called once the lease is this node's: start the work (its checkpoint is re-read here). */
  acquired: () => void | Promise<void>;
  /** Called when the lease is gone (its connection dropped): stop the work. */
  lost: () => void | Promise<void>;
};

export type LeaseState = {
  /** Whether the lease connection is up (false while it reconnects). */
  connected: boolean;
  /** The names this node runs now. */
  held: string[];
  /** The names another node runs (this one is on standby for them). */
  standby: string[];
};

/** How often a standby tries for the leases it does not hold, and a leader checks its connection. */
export const LEASE_RETRY_MS = 2000;

/**
 * One runner per piece of background work (a projection, a reactor, a timer) across every app
 * server on the database: a PostgreSQL session advisory lock per name, all held on one connection
 * of this node's own. A lock lives as long as its session, so a node that dies (SIGKILL, power cut,
 * a lost network) frees its leases with its connection, and a standby, trying every LEASE_RETRY_MS,
 * takes them over within seconds. Work done by two nodes for a moment (a leader that has not yet
 * noticed its connection is gone) stays correct: a projection's batch moves its checkpoint only from
 * where it read it (see moveCheckpoint), and a reactor's commands are idempotent.
 */
export class Leases {
  private readonly holders = new Map<string, LeaseHolder>();
  private readonly held = new Set<string>();
  private client: pg.Client | undefined;
  private timer: NodeJS.Timeout | undefined;
  private ticking: Promise<void> | undefined;
  private stopped = false;

  constructor(
    private readonly connectionString: string,
    private readonly log: Logger,
    private readonly retryMs = LEASE_RETRY_MS,
  ) {}

  /** Competes for `name` from the next try on (register before `start` to compete at once). */
  register(name: string, holder: LeaseHolder): void {
    if (this.holders.has(name)) throw new Error(`Duplicate lease ${name}`);
    this.holders.set(name, holder);
  }

  /** The first try, awaited, so a lone node runs its work from the moment it is up. */
  async start(): Promise<void> {
    await this.tick();
    this.schedule();
  }

  state(): LeaseState {
    const names = [...this.holders.keys()];
    return {
      connected: this.client !== undefined,
      held: names.filter((n) => this.held.has(n)),
      standby: names.filter((n) => !this.held.has(n)),
    };
  }

  holds(name: string): boolean {
    return this.held.has(name);
  }

  /**
   * Hands every lease over: stops trying, then ends the session, which frees its locks at once.
   * Call after the work itself has stopped (a rolling restart: the other node takes over within
   * LEASE_RETRY_MS).
   */
  async close(): Promise<void> {
    this.stopped = true;
    clearTimeout(this.timer);
    await this.ticking;
    this.held.clear();
    await this.client?.end().catch(() => undefined);
    this.client = undefined;
  }

  private schedule() {
    if (this.stopped) return;
    this.timer = setTimeout(() => {
      this.ticking = this.tick().finally(() => this.schedule());
    }, this.retryMs);
    this.timer.unref();
  }

  private async tick(): Promise<void> {
    try {
      const client = this.client ?? (await this.connect());
      const wanted = [...this.holders.keys()].filter((n) => !this.held.has(n));
      // One round trip also proves the connection (and so the leases held on it) is still alive.
      const { rows } = await client.query<{ name: string; ok: boolean }>(
        `select name, pg_try_advisory_lock(hashtextextended('hms-lease:' || name, 0)) as ok from unnest($1::text[]) name`,
        [wanted],
      );
      if (this.stopped) return;
      for (const { name, ok } of rows) {
        if (!ok) continue;
        this.held.add(name);
        this.log.info({ lease: name }, 'lease acquired: this node runs it');
        await this.call(name, 'acquired');
      }
    } catch (err) {
      if (this.stopped) return;
      this.log.warn({ err }, 'lease connection failed; will retry');
      await this.dropConnection();
    }
  }

  private async connect(): Promise<pg.Client> {
    const client = new pg.Client({ connectionString: this.connectionString, application_name: 'hms-leases' });
    // From the moment it exists: a connection lost between tries must not crash the process.
    client.on('error', (err) => {
      if (this.client !== client) return;
      this.log.warn({ err }, 'lease connection lost');
      void this.dropConnection();
    });
    try {
      await client.connect();
    } catch (err) {
      await client.end().catch(() => undefined);
      throw err;
    }
    this.client = client;
    return client;
  }

  /** The session is gone, and every lock with it: stop the work at once (another node may have it). */
  private async dropConnection(): Promise<void> {
    const client = this.client;
    this.client = undefined;
    await client?.end().catch(() => undefined);
    const lost = [...this.held];
    this.held.clear();
    for (const name of lost) {
      this.log.warn({ lease: name }, 'lease lost');
      await this.call(name, 'lost');
    }
  }

  private async call(name: string, what: keyof LeaseHolder): Promise<void> {
    try {
      await this.holders.get(name)![what]();
    } catch (err) {
      this.log.error({ err, lease: name }, `lease ${what} handler failed`);
    }
  }
}
