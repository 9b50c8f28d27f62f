import { sql } from 'kysely';
import type { Trx } from './projection';
import { isRebuilding } from './rebuilding';

/** A column of a bulk insert: its name and the PostgreSQL type its JSON value is read as. */
export type BulkColumns = Readonly<Record<string, string>>;

/**
 * Inserts rows in one statement whatever their number: each column travels as one JSON array
 * (its values in row order) that `json_array_elements_text` spreads, the columns zipped by
 * `rows from`, each cast to its type. A multi-row VALUES list instead costs a parameter per cell,
 * each compiled by the query builder, serialised by the driver and bound by the server (a page of
 * the audit trail is tens of thousands), and caps a statement at 65 535 of them. One JSON array
 * of row objects (`jsonb_to_recordset`) repeats every column name in every row and has the server
 * build the whole page as jsonb before reading it: about 2.5 times the server's time of the
 * arrays per column for a page of the audit trail, and more bytes to send.
 *
 * A json or jsonb column takes the value itself (an object), not its JSON text, and a JSON null
 * in it is SQL null, as a missing value is; an array column (`text[]`) a JavaScript array of
 * strings or null; a date goes as its ISO text, or, in a timestamptz column of Dates only, as its
 * milliseconds since the epoch. `onConflict` follows the SELECT, e.g.
 * `on conflict (id) do nothing`; it is left out in a rebuild's transaction, whose tables were
 * emptied and where each row comes once (rebuilding.ts).
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
  const casts: string[] = [];
  const spreads = names.map((name, i) => {
    const type = columns[name]!;
    const values = rows.map((r) => (r as Record<string, unknown>)[name] ?? null);
    if (isJson(type)) {
      casts.push(`case when json_typeof(c${i}) = 'null' then null else c${i}::${type} end`);
      return sql`json_array_elements(${JSON.stringify(values)}::json)`;
    }
    if (type === 'timestamptz' && values.every((v) => v === null || v instanceof Date)) {
      // A Date's ISO text costs JavaScript about 3 µs (a page's worth is a good part of the
      // statement's building); its milliseconds since the epoch come back exact from to_timestamp.
      casts.push(`to_timestamp(c${i}::float8 / 1000)`);
      return sql`json_array_elements_text(${JSON.stringify(values.map((v) => (v === null ? null : (v as Date).getTime())))}::json)`;
    }
    casts.push(`c${i}::${type}`);
    const cells = type.endsWith('[]') ? values.map((v) => (v === null ? null : arrayLiteral(v))) : values;
    return sql`json_array_elements_text(${JSON.stringify(cells)}::json)`;
  });
  await sql`insert into ${sql.table(table)} (${sql.join(names.map((n) => sql.id(n)))})
    select ${sql.raw(casts.join(', '))} from rows from (${sql.join(spreads)}) as r(${sql.raw(names.map((_, i) => `c${i}`).join(', '))})
    ${sql.raw(isRebuilding(trx) ? '' : onConflict)}`.execute(trx);
}

const isJson = (type: string) => type === 'json' || type === 'jsonb';

/** A PostgreSQL array literal of a list of strings: '{"a","b \"c\""}'. */
function arrayLiteral(value: unknown): string {
  if (!Array.isArray(value)) throw new TypeError(`an array column takes an array, not ${typeof value}`);
  const items = value.map((v) =>
    v === null || v === undefined ? 'NULL' : `"${String(v).replace(/\\/g, '\\\\').replace(/"/g, '\\"')}"`,
  );
  return `{${items.join(',')}}`;
}
