import { sql } from 'kysely';
import type { Trx } from './projection';
import { isRebuilding } from './rebuilding';

/** A column of a bulk insert: its name and the PostgreSQL type its JSON value is read as. */
export type BulkColumns = Readonly<Record<string, string>>;

/**
 * Inserts rows in one statement whatever their number: they travel as one JSON parameter that
 * `jsonb_to_recordset` spreads into typed columns. A multi-row VALUES list instead costs a
 * parameter per cell, each compiled by the query builder, serialised by the driver and bound by
 * the server (a page of the audit trail is tens of thousands), and caps a statement at 65 535 of
 * them. A jsonb column takes the value itself (an object), not its JSON text; a date goes as its
 * ISO text. `onConflict` follows the SELECT, e.g. `on conflict (id) do nothing`; it is left out
 * in a rebuild's transaction, whose tables were emptied and where each row comes once (rebuilding.ts).
 */
export async function insertRows(
  trx: Trx,
  table: string,
  columns: BulkColumns,
  rows: readonly object[],
  onConflict: string,
): Promise<void> {
  if (rows.length === 0) return;
  const names = Object.keys(columns);
  const ids = sql.join(names.map((n) => sql.id(n)));
  const types = sql.raw(names.map((n) => `"${n}" ${columns[n]}`).join(', '));
  await sql`insert into ${sql.table(table)} (${ids})
    select ${ids} from jsonb_to_recordset(${JSON.stringify(rows)}::jsonb) as r(${types}) ${sql.raw(isRebuilding(trx) ? '' : onConflict)}`.execute(
    trx,
  );
}
