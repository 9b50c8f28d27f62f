import { createHash } from 'node:crypto';
import type { CompiledQuery } from 'kysely';
import type pg from 'pg';

/** Statement texts to run as named prepared statements, and their names. */
const named = new Map<string, string>();
const MAX_NAMED = 500;

/**
 * Marks a compiled query to run as a named prepared statement: each connection parses and plans
 * its text once, then only binds values, which is most of a short query's work in PostgreSQL. For
 * hot statements of a fixed shape (a list page, an append); the name follows the text, so two
 * shapes never share one. Run it with `db.executeQuery(prepared(query))` or inside a transaction.
 */
export function prepared<R>(query: CompiledQuery<R>): CompiledQuery<R> {
  if (!named.has(query.sql) && named.size < MAX_NAMED) {
    named.set(query.sql, `hms-${createHash('sha1').update(query.sql).digest('base64url').slice(0, 24)}`);
  }
  return query;
}

/** Makes a pool's connections run the marked texts as prepared statements (see `prepared`). */
export function prepareMarkedStatements(pool: pg.Pool): void {
  pool.on('connect', (client) => {
    const query = client.query.bind(client) as (...args: unknown[]) => unknown;
    (client as unknown as { query: (...args: unknown[]) => unknown }).query = (...args: unknown[]) => {
      const [text, values] = args;
      const name = typeof text === 'string' ? named.get(text) : undefined;
      return name && Array.isArray(values) && args.length === 2 ? query({ name, text, values }) : query(...args);
    };
  });
}
