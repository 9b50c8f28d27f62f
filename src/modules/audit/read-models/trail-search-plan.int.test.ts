import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../../../test/helpers/app';
import { trailPageQuery } from './trail-queries';

type PlanNode = { 'Node Type': string; 'Index Name'?: string; Plans?: PlanNode[] };
const nodes = (n: PlanNode): PlanNode[] => [n, ...(n.Plans ?? []).flatMap(nodes)];

/**
 * The trail's text search finds its words through the trigram index, which holds only the entries
 * a commit shows (migration 0038): the reader's query must let the planner prove it wants no other.
 */
describe('the plan of a search of the trail', () => {
  let t: TestApp;
  let client: pg.Client;

  beforeAll(async () => {
    t = await startTestApp({ startProjections: false });
    client = new pg.Client({ connectionString: t.db.url });
    await client.connect();
  });
  afterAll(async () => {
    await client?.end();
    await t?.close();
  });

  it('uses the partial trigram index', async () => {
    const { sql: text, parameters } = trailPageQuery(t.platform.db, 'hospital-1', { q: 'ada obi' }, null, 51).compile();
    await client.query('begin');
    try {
      // Only the search index and the primary key are left, and no table scan: the partial index
      // is taken whenever the planner can prove the query only wants the entries it holds.
      for (const name of [
        'audit_events_chain',
        'audit_events_newest',
        'audit_events_actor',
        'audit_events_subject',
        'audit_events_by_type',
        'audit_events_patient',
      ])
        await client.query(`drop index ${name}`);
      await client.query('set local enable_seqscan = off');
      const { rows } = await client.query<{ 'QUERY PLAN': [{ Plan: PlanNode }] }>(`explain (format json) ${text}`, [
        ...parameters,
      ]);
      const plan = rows[0]!['QUERY PLAN'][0].Plan;
      expect(
        nodes(plan).map((n) => n['Index Name']),
        JSON.stringify(plan),
      ).toContain('audit_events_search');
    } finally {
      await client.query('rollback');
    }
  });
});
