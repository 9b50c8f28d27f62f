import type { Generated } from 'kysely';
import { sql } from 'kysely';
import type { Db } from '../db/database';
import type { GlobalPosition } from '../event-store/port';
import type { Trx } from './projection';

declare module '../db/database' {
  interface Database {
    projection_checkpoints: {
      name: string;
      position_major: string;
      position_minor: string;
      updated_at: Generated<Date>;
    };
  }
}

export async function readCheckpoint(db: Db | Trx, name: string): Promise<GlobalPosition | null> {
  const row = await db
    .selectFrom('projection_checkpoints')
    .select(['position_major', 'position_minor'])
    .where('name', '=', name)
    .executeTakeFirst();
  return row ? [BigInt(row.position_major), BigInt(row.position_minor)] : null;
}

/**
 * Moves a checkpoint from `expected` to `next` if it is still at `expected`, in one statement
 * that also takes the checkpoint row's lock until the transaction ends: a second runner moving
 * the same checkpoint waits, then finds it moved and gets false (PostgreSQL re-checks the
 * condition on the row as committed). A checkpoint that does not exist yet is created, unless a
 * concurrent runner created it first. Called first in a batch's transaction, it is both the
 * guard and the write: a batch costs its handlers' statements plus this one.
 */
export async function moveCheckpoint(
  trx: Trx,
  name: string,
  expected: GlobalPosition | null,
  next: GlobalPosition,
): Promise<boolean> {
  const position = { position_major: String(next[0]), position_minor: String(next[1]) };
  if (expected === null) {
    const created = await trx
      .insertInto('projection_checkpoints')
      .values({ name, ...position })
      .onConflict((oc) => oc.column('name').doNothing())
      .returning('name')
      .executeTakeFirst();
    return created !== undefined;
  }
  const moved = await trx
    .updateTable('projection_checkpoints')
    .set({ ...position, updated_at: sql`now()` })
    .where('name', '=', name)
    .where('position_major', '=', String(expected[0]))
    .where('position_minor', '=', String(expected[1]))
    .returning('name')
    .executeTakeFirst();
  return moved !== undefined;
}

export async function deleteCheckpoint(trx: Trx, name: string): Promise<void> {
  await trx.deleteFrom('projection_checkpoints').where('name', '=', name).execute();
}

/**
 * Holds a checkpoint until the transaction ends without writing (so without taking a transaction
 * id): for a reactor's batch, which writes its checkpoint only after its commands, for the flush
 * of checkpoints moved in memory, and for a rebuild. A projection's batch needs only `moveCheckpoint`.
 */
export async function lockCheckpoint(trx: Trx, name: string): Promise<void> {
  await sql`select pg_advisory_xact_lock(hashtext(${`projection:${name}`}))`.execute(trx);
}
