import type { AddressInfo } from 'node:net';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../../test/helpers/app';
import { onboardHospital, type Onboarded } from '../../../test/helpers/onboard';

const ENTRIES = 100_000;

/** The heap that survives a full collection: what the server holds, not the garbage it made. */
setFlagsFromString('--expose-gc');
const collect = runInNewContext('gc') as () => void;
const retainedHeap = () => {
  collect();
  return process.memoryUsage().heapUsed;
};

/**
 * 100 000 entries leave as CSV through a real socket, read in keyset chunks: what the server's
 * heap holds while it sends them stays far below the file it sends.
 */
describe('the trail as CSV', () => {
  let t: TestApp;
  let a: Onboarded;
  let base: string;

  beforeAll(async () => {
    t = await startTestApp();
    a = await onboardHospital(t);
    // Reads appended straight into the store, one commit each as requests make them (the trail
    // shows one entry per commit), then projected by the real projection.
    const client = await t.platform.pool.connect();
    try {
      await client.query('set synchronous_commit = off');
      await client.query(`
        do $$ begin
          for g in 1..${ENTRIES} loop
            insert into events (stream_id, stream_revision, event_id, type, data, metadata)
            values ('access-bulk-' || g, 0, gen_random_uuid(), 'RecordAccessed',
              jsonb_build_object('subjectType', 'patient', 'subjectId', 'p-' || (g % 500), 'what', 'detail',
                                 'method', 'GET', 'route', '/api/patients/:id', 'purpose', null),
              jsonb_build_object('hospitalId', '${a.hospital.id}', 'correlationId', 'r' || g, 'causationId', 'r' || g,
                'requestId', 'r' || g, 'ip', '10.0.0.1',
                'occurredAt', to_char((now() - make_interval(secs => g)) at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'),
                'actor', jsonb_build_object('userId', 'u' || (g % 20), 'role', 'doctor', 'name', 'Dr "Quote", ' || (g % 20))));
            commit;
          end loop;
        end $$`);
    } finally {
      client.release();
    }
    await t.platform.waitFor(await t.platform.store.headPosition(), [{ name: 'audit-trail' }], 120_000);
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    base = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
  }, 180_000);
  afterAll(async () => t?.close());

  it('streams 100 000 entries in bounded memory, every row once, newest first', async () => {
    const before = retainedHeap();
    let peak = before;
    // Up to now: the export's own read is in the access log before its first line is read (0050).
    const to = new Date().toISOString();
    const res = await fetch(`${base}/api/audit/events.csv?action=RecordAccessed&to=${to}`, {
      headers: { authorization: `Bearer ${a.token}`, 'content-type': 'application/json' },
    });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toContain('text/csv');
    const decoder = new TextDecoder();
    let rows = 0;
    let bytes = 0;
    let carry = '';
    let previousTime = '9999';
    let ordered = true;
    // Which of the generated requests came back (r1 … r100000), without holding the rows.
    const seen = new Uint8Array(ENTRIES + 1);
    for await (const chunk of res.body as unknown as AsyncIterable<Uint8Array>) {
      bytes += chunk.byteLength;
      const text = carry + decoder.decode(chunk, { stream: true });
      const lines = text.split('\r\n');
      carry = lines.pop()!;
      for (const line of lines) {
        if (line.startsWith('time,')) continue;
        rows++;
        const time = line.slice(0, 24);
        if (time > previousTime) ordered = false;
        previousTime = time;
        const cells = line.split(',');
        seen[Number(cells[cells.length - 2]!.slice(1))] = 1;
        // Mid-stream, every 10 000 rows: a server that gathered the rows before sending holds them all here.
        if (rows % 10_000 === 0) peak = Math.max(peak, retainedHeap());
      }
    }
    expect(rows).toBe(ENTRIES);
    expect(seen.reduce((n, v) => n + v, 0)).toBe(ENTRIES);
    expect(ordered).toBe(true);
    const growthMb = (peak - before) / 2 ** 20;
    console.log(
      `CSV: ${rows} rows, ${(bytes / 2 ** 20).toFixed(1)} MB sent, retained heap growth ${growthMb.toFixed(1)} MB`,
    );
    expect(growthMb).toBeLessThan(20);
  }, 120_000);

  it('quotes commas and quotes and keeps formulas inert', async () => {
    const res = await fetch(`${base}/api/audit/events.csv?action=RecordAccessed&actorId=u3`, {
      headers: { authorization: `Bearer ${a.token}` },
    });
    const [header, first] = (await res.text()).split('\r\n');
    expect(header).toBe(
      'time,actor_id,actor_name,actor_role,action,event_type,subject_type,subject_id,outcome,ip,request_id,event_id',
    );
    expect(first).toContain(',u3,"Dr ""Quote"", 3",doctor,');
  });
});
