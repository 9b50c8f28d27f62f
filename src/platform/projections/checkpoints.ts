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

export async function writeCheckpoint(trx: Trx, name: string, position: GlobalPosition): Promise<void> {
  await trx
    .insertInto('projection_checkpoints')
    .values({ name, position_major: String(position[0]), position_minor: String(position[1]) })
    .onConflict((oc) =>
      oc.column('name').doUpdateSet({
        position_major: String(position[0]),
        position_minor: String(position[1]),
        updated_at: sql`now()`,
      }),
    )
    .execute();
}

export async function deleteCheckpoint(trx: Trx, name: string): Promise<void> {
  await trx.deleteFrom('projection_checkpoints').where('name', '=', name).execute();
}

/**
 * Holds one projection's checkpoint until the transaction ends, across connections and
 * processes, so two runners cannot both apply the batch after the same checkpoint.
 */
export async function lockCheckpoint(trx: Trx, name: string): Promise<void> {
  await sql`select pg_advisory_xact_lock(hashtext(${`projection:${name}`}))`.execute(trx);
}
