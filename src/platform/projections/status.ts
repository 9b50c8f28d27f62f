import { comparePositions, type EventStore, type GlobalPosition } from '../event-store/port';
import { reached } from './batches';
import type { Track } from './track';

/** How many unapplied events the health check counts at most. */
const STATUS_LOOKAHEAD = 1000;

export type ProjectionStatus = {
  name: string;
  kind: 'projection' | 'inline' | 'reactor';
  checkpoint: string | null;
  eventsBehind: number;
  /** How long ago the oldest event it has not applied was recorded (0: none). */
  secondsBehind: number;
  failing: string | null;
  /** Events written by the projection's fallback (the audit trail's) since this process started. */
  fellBack: number;
  /** Whether this node runs it (false: another server does, this one is on standby). */
  leader: boolean;
};

/**
 * Each projection's and reactor's checkpoint and how far behind the feed it is. One bounded
 * read from the oldest checkpoint answers for all, so the health check stays cheap however long
 * the feed grows; `eventsBehind` stops counting at STATUS_LOOKAHEAD.
 */
export async function feedStatus(
  store: EventStore,
  all: readonly Track[],
  inlineNames: ReadonlySet<string>,
): Promise<ProjectionStatus[]> {
  const tracks = all.filter((t) => t.kind !== 'live');
  const inline = [...inlineNames].map((name) => ({
    name,
    kind: 'inline' as const,
    checkpoint: null,
    eventsBehind: 0,
    secondsBehind: 0,
    failing: null,
    fellBack: 0,
    leader: true,
  }));
  if (tracks.length === 0) return inline;
  const checkpoints = tracks.map((t) => t.checkpoint);
  const oldest = checkpoints.includes(null)
    ? null
    : (checkpoints as GlobalPosition[]).reduce((a, b) => (comparePositions(a, b) <= 0 ? a : b));
  const ahead = await store.readAll({ after: oldest, limit: STATUS_LOOKAHEAD });
  const now = Date.now();
  return [
    ...tracks.map((t) => {
      // What it has yet to act on: the events of others' types it passes later, in one page.
      const behind = ahead.filter((e) => !reached(t.checkpoint, e.globalPosition) && t.concerns(e.type));
      return {
        name: t.name,
        kind: t.kind as 'projection' | 'reactor',
        checkpoint: t.checkpoint ? `${t.checkpoint[0]}:${t.checkpoint[1]}` : null,
        eventsBehind: behind.length,
        secondsBehind: behind[0] ? Math.max(0, (now - Date.parse(behind[0].recordedAt)) / 1000) : 0,
        failing: t.failing,
        fellBack: t.setAsideCounts.fallback,
        leader: t.leading,
      };
    }),
    ...inline,
  ];
}
