import { randomUUID } from 'node:crypto';
import pg, { type Pool } from 'pg';
import type { Row } from './hospital-feed-rows';

/** The journeys merged as a day's work interleaves them, each journey's own order kept. */
export function interleave<T>(rnd: () => number, journeys: T[][]): T[] {
  const at = journeys.map(() => 0);
  const open = journeys.map((_, i) => i);
  const out: T[] = [];
  while (open.length) {
    const k = Math.floor(rnd() * open.length);
    const j = open[k]!;
    out.push(journeys[j]![at[j]!++]!);
    if (at[j] === journeys[j]!.length) open.splice(k, 1);
  }
  return out;
}

/** Streams shared by journeys (medication batches, the receipt counter) number their events in feed order. */
export function assignRevisions(rows: Row[], revisions: Map<string, number>): Row[] {
  for (const r of rows) {
    if (r.revision !== undefined) continue;
    const next = revisions.get(r.stream) ?? 0;
    r.revision = next;
    revisions.set(r.stream, next + 1);
  }
  return rows;
}

/** Rows a statement: one transaction each, so the feed has commits of this size. */
const PER_STATEMENT = 5000;

export async function insertRows(pool: Pool, rows: Row[]): Promise<number> {
  for (let i = 0; i < rows.length; i += PER_STATEMENT) {
    const part = rows.slice(i, i + PER_STATEMENT);
    await pool.query(
      `insert into events (stream_id, stream_revision, event_id, type, data, metadata)
       select * from unnest($1::text[], $2::bigint[], $3::uuid[], $4::text[], $5::jsonb[], $6::jsonb[])`,
      [
        part.map((r) => r.stream),
        part.map((r) => r.revision),
        part.map(() => randomUUID()),
        part.map((r) => r.type),
        part.map((r) => JSON.stringify(r.data)),
        part.map((r) => JSON.stringify(r.metadata)),
      ],
    );
  }
  return rows.length;
}

/** A journey's rows cut into its commands: consecutive rows of one correlation id, as one command appends them. */
export function commandsOf(journey: Row[]): Row[][] {
  const commands: Row[][] = [];
  for (const row of journey) {
    const last = commands[commands.length - 1];
    if (last && last[0]!.metadata.correlationId === row.metadata.correlationId) last.push(row);
    else commands.push([row]);
  }
  return commands;
}

/** Commands a round trip: each in its own transaction, in one simple query of many. */
const COMMANDS_PER_QUERY = 500;

/** One commit per command, as the live system writes them (a command's 1–3 events a transaction). */
export async function insertCommands(pool: Pool, commands: Row[][]): Promise<number> {
  let written = 0;
  const lit = (v: string) => pg.escapeLiteral(v);
  for (let i = 0; i < commands.length; i += COMMANDS_PER_QUERY) {
    const text = commands
      .slice(i, i + COMMANDS_PER_QUERY)
      .map((rows) => {
        written += rows.length;
        const values = rows.map(
          (r) =>
            `(${lit(r.stream)}, ${r.revision!}, '${randomUUID()}', ${lit(r.type)}, ${lit(JSON.stringify(r.data))}::jsonb, ${lit(JSON.stringify(r.metadata))}::jsonb)`,
        );
        return `begin; insert into events (stream_id, stream_revision, event_id, type, data, metadata) values ${values.join(', ')}; commit;`;
      })
      .join('\n');
    await pool.query(text);
  }
  return written;
}
