import type { Db } from '../db/database';
import type { Leases } from '../db/leases';
import type { GlobalPosition } from '../event-store/port';
import { settle, type Track } from './track';

/** How long one read of every stored checkpoint serves the standby tracks that ask for it. */
const STANDBY_READ_MS = 250;

/**
 * Several servers on one database: each track runs on the node holding its lease (see Leases), and
 * waits on standby elsewhere, following the checkpoint its leader stores. Without leases every
 * track leads (one server, tools, tests).
 */
export class Standby {
  private stored: { at: number; rows: Promise<Map<string, GlobalPosition>> } | null = null;

  constructor(
    private readonly db: Db,
    private readonly leases: Leases | undefined,
  ) {}

  /** With leases: the track waits on standby until this node holds its lease. */
  elect(track: Track): void {
    if (!this.leases) return;
    track.leading = false;
    this.leases.register(`${track.kind}:${track.name}`, {
      acquired: () => {
        track.reload = true;
        track.leading = true;
        track.due = true;
        track.wake();
      },
      lost: () => {
        track.leading = false;
        track.wake();
        track.hurry?.();
      },
    });
  }

  /**
   * A standby track follows the checkpoint its leader stores: so its waiters (a command here that
   * waits for a projection run by another server) are told, and health shows the lag. One read of
   * every checkpoint serves all standby tracks for STANDBY_READ_MS; a track with waiters reads anew.
   */
  async followLeader(track: Track): Promise<void> {
    const fresh = track.waiters.length > 0;
    if (!this.stored || fresh || Date.now() - this.stored.at > STANDBY_READ_MS) {
      const rows = this.db
        .selectFrom('projection_checkpoints')
        .select(['name', 'position_major', 'position_minor'])
        .execute()
        .then(
          (all) => new Map(all.map((r) => [r.name, [BigInt(r.position_major), BigInt(r.position_minor)] as const])),
        );
      this.stored = { at: Date.now(), rows: rows as Promise<Map<string, GlobalPosition>> };
      rows.catch(() => (this.stored = null));
    }
    const stored = (await this.stored.rows).get(track.row!) ?? null;
    if (!track.leading) {
      track.checkpoint = stored;
      track.persisted = stored;
      settle(track);
    }
  }
}
