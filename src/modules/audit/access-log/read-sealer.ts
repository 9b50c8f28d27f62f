import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import type { StreamWrite } from '../../../platform/event-store/port';
import type { Logger } from '../../../platform/logger';
import type { HealthCheck } from '../../../platform/http/health';
import type { Platform } from '../../../platform/platform';
import { READS_SEALED, SEAL_DIGEST, sealStream } from './read-seal';

/**
 * How often the access log's new rows are sealed, unless told otherwise. Each seal is an entry of the
 * hospital's chain: every ten seconds is 8,640 a busy day, every second would be ten times that. A
 * read stays removable without trace until its seal, as an event does until the next signed
 * checkpoint (AUDIT_CHECKPOINT_SECONDS, a minute by default), which covers the seal too.
 */
export const SEAL_EVERY_MS = 10_000;

/** The bounds row that says where the last round ended, for every hospital at once. */
const ROUND = '*';

/**
 * Seals the access log (read-seal.ts): each round, in one transaction, takes the rows committed
 * since the last round (up to the last committed row; no row can appear below it any more), and for
 * each hospital with rows there appends a `ReadsSealed` event with their count and digest, from
 * where the hospital's previous seal ended. The bounds move in the same transaction as the events,
 * so a round is sealed once or not at all. It runs on one server at a time (an elected task), and
 * the round's row lock keeps two rounds from overlapping even so.
 */
export class ReadSealer {
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<number> | undefined;

  constructor(
    private readonly platform: Pick<Platform, 'appendAlongside'>,
    private readonly log: Logger,
  ) {}

  /** Seals what has finished; resolves with the number of seals written (0: nothing new). */
  sealNow(): Promise<number> {
    const run = (this.running ?? Promise.resolve(0)).then(
      () => this.round(),
      () => this.round(),
    );
    this.running = run;
    return run;
  }

  private async round(): Promise<number> {
    let sealed = 0;
    await this.platform.appendAlongside(async (trx) => {
      await sql`insert into audit_read_seal_bounds (hospital_id, to_position) values (${ROUND}, 0)
                on conflict do nothing`.execute(trx);
      const { rows: bound } = await sql<{ from_position: string }>`
        select to_position::text as from_position from audit_read_seal_bounds
         where hospital_id = ${ROUND} for update`.execute(trx);
      const roundFrom = bound[0]!.from_position;
      // One past the last committed row: the inserts commit in the order of their positions (they
      // take the access log's lock, access-log.ts), so every row below it has committed.
      const { rows: last } = await sql<{ to_position: string | null }>`
        select (max(position) + 1)::text as to_position from audit_reads
         where position >= ${roundFrom}::bigint`.execute(trx);
      const toPosition = last[0]?.to_position;
      if (!toPosition) return [];
      const { rows } = await sql<{ hospital_id: string; from_position: string; count: string; digest: string }>`
        select hospital_id, coalesce(b.to_position, 0)::text as from_position, count(*)::text as count,
               ${sql.raw(SEAL_DIGEST)} as digest
          from audit_reads
          left join audit_read_seal_bounds b using (hospital_id)
         where position >= ${roundFrom}::bigint and position < ${toPosition}::bigint
         group by hospital_id, b.to_position`.execute(trx);
      await sql`
        insert into audit_read_seal_bounds (hospital_id, to_position)
        select h, ${toPosition}::bigint from unnest(${[ROUND, ...rows.map((r) => r.hospital_id)]}::text[]) as h
        on conflict (hospital_id) do update set to_position = excluded.to_position`.execute(trx);
      sealed = rows.length;
      const at = new Date().toISOString();
      const round = randomUUID();
      return rows.map((r): StreamWrite => ({
        stream: sealStream(r.hospital_id),
        expectedRevision: 'any',
        events: [
          {
            type: READS_SEALED,
            data: { fromPosition: r.from_position, toPosition, count: Number(r.count), digest: r.digest },
            metadata: {
              hospitalId: r.hospital_id,
              actor: { userId: 'system', role: 'system', name: 'Access log' },
              correlationId: round,
              causationId: round,
              occurredAt: at,
            },
          },
        ],
      }));
    });
    return sealed;
  }

  /** Why this server's last round failed, or null when it succeeded (for health). */
  lastError: string | null = null;

  start(everyMs = SEAL_EVERY_MS): void {
    clearInterval(this.timer);
    this.timer = setInterval(() => {
      this.sealNow().then(
        () => (this.lastError = null),
        (err: unknown) => {
          this.lastError = err instanceof Error ? err.message : String(err);
          this.log.error({ err }, 'access log seal failed');
        },
      );
    }, everyMs);
    this.timer.unref();
  }

  /** Stops the timer and seals what is left (a failure is logged: shutdown goes on). */
  async stop(): Promise<void> {
    clearInterval(this.timer);
    this.timer = undefined;
    await this.sealNow().catch((err: unknown) => this.log.error({ err }, 'final access log seal failed'));
  }
}

const sealers = new WeakMap<Platform, ReadSealer>();

/** The platform's sealer (started on the server that holds its lease; tests call `sealNow`). */
export function readSealerOf(platform: Platform): ReadSealer {
  let sealer = sealers.get(platform);
  if (!sealer) {
    sealer = new ReadSealer(platform, platform.log.child({ component: 'read-sealer' }));
    sealers.set(platform, sealer);
  }
  return sealer;
}

/** Reads waiting this long for their seal make the server's health degraded. */
export const SEAL_LATE_SECONDS = 60;
/** How many waiting reads health counts at most (a stalled sealer must not make health slow). */
const PENDING_COUNTED = 100_000;

/**
 * The access log's seal in the operator's health answer: how many reads wait for their seal and
 * since when (any server's, from the table), and this server's last failure. Not ok when the oldest
 * has waited SEAL_LATE_SECONDS: the sealer is stopped or failing on every server.
 */
export function sealHealth(platform: Platform): HealthCheck {
  return {
    name: 'access-log-seal',
    check: async () => {
      const { rows } = await sql<{ pending: string; oldest: Date | null }>`
        select count(*)::text as pending, min(occurred_at) as oldest from (
          select occurred_at from audit_reads
           where position >= coalesce((select to_position from audit_read_seal_bounds where hospital_id = ${ROUND}), 0)
           limit ${PENDING_COUNTED}) p`.execute(platform.db);
      const oldest = rows[0]?.oldest ? new Date(rows[0].oldest) : null;
      const waited = oldest ? (Date.now() - oldest.getTime()) / 1000 : 0;
      return {
        ok: waited < SEAL_LATE_SECONDS,
        detail: {
          pending: Number(rows[0]?.pending ?? 0),
          oldestPendingAt: oldest?.toISOString() ?? null,
          lastError: readSealerOf(platform).lastError,
        },
      };
    },
  };
}
