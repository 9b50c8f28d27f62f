/**
 * The audit trail at volume: `npm run bench:audit` (200 000 events by default; `-- --events=1000000`
 * or BENCH_AUDIT_EVENTS=1000000 for the issue's million).
 *
 * On a throwaway embedded PostgreSQL, one hospital's feed is filled with access events by 40 people
 * over 30 days (one commit each, as requests make them) and one patient with 1 000 events of their
 * own; the real audit projection builds the trail and its hash chain. Then, through the real routes
 * (app.inject: auth, validation, serialisation), each beside the raw SQL that fetches the same rows:
 * the filtered trail (actor + date range; patient), a patient's history, the record replayed as of a
 * date, and verification throughput. Writes its section of docs/benchmarks.md.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { buildApp } from '../src/app';
import { loadConfig } from '../src/platform/config';
import { createPool } from '../src/platform/db/database';
import { startEmbeddedPostgres } from '../src/platform/db/embedded-postgres';
import { createLogger } from '../src/platform/logger';
import { onboardHospital } from '../test/helpers/onboard';
import { machineLine, ms, percentile, perSecond, table, writeSection, type Row } from './report';

const flag = process.argv.find((a) => a.startsWith('--events='));
const EVENTS = Number(flag?.slice('--events='.length) ?? process.env.BENCH_AUDIT_EVENTS ?? 200_000);
const PATIENT_EVENTS = 1000;
const SAMPLES = Number(process.env.BENCH_SAMPLES ?? 200);
const ratio = (a: number, b: number) => `${(a / b).toFixed(1)}×`;

async function sample(n: number, run: (i: number) => Promise<void>) {
  const times: number[] = [];
  for (let i = 0; i < n; i++) {
    const t0 = performance.now();
    await run(i);
    times.push(performance.now() - t0);
  }
  times.sort((a, b) => a - b);
  return { p50: percentile(times, 0.5), p99: percentile(times, 0.99) };
}

async function main() {
  const log = createLogger('silent');
  const dir = mkdtempSync(path.join(os.tmpdir(), 'hms-bench-audit-'));
  const embedded = await startEmbeddedPostgres(dir, log);
  const dataDir = path.join(dir, 'data');
  const config = {
    ...loadConfig({
      DATA_DIR: dataDir,
      LOG_LEVEL: 'silent',
      JWT_SECRET: 'bench-secret-bench-secret-bench-secret',
      TRUST_PROXY: 'true',
    }),
    databaseUrl: embedded.url,
  };
  const built = await buildApp(config, { log });
  const { app, platform } = built;
  const rows: Row[] = [];
  try {
    const header = machineLine(
      `PostgreSQL ${(await platform.pool.query('show server_version')).rows[0].server_version} (embedded)`,
    );
    const admin = await onboardHospital({ app, dataDir });
    const hospitalId = admin.hospital.id;
    const headers = { authorization: `Bearer ${admin.token}`, 'content-type': 'application/json' };
    const get = async (url: string) => {
      const res = await app.inject({ method: 'GET', url, headers });
      if (res.statusCode !== 200) throw new Error(`${url}: ${res.statusCode} ${res.body.slice(0, 300)}`);
      return res;
    };

    // 1. The feed: one patient's 1 000 events, then EVENTS access events, one commit each.
    const patient = JSON.parse(
      (
        await app.inject({
          method: 'POST',
          url: '/api/patients',
          headers,
          payload: {
            firstName: 'Adaeze',
            lastName: 'Okafor',
            dateOfBirth: '1980-04-02',
            gender: 'Female',
            phoneNumber: '+234 803 555 0101',
            address: '12 Marina, Lagos',
            identificationNumber: 'NIN-BENCH-1',
          },
        })
      ).body,
    ).data.patient;
    // Metadata of the i-th of n events (`i` is the SQL loop variable): spread over the last 30 days,
    // or (the patient's own, which follow the registration) one a second after it.
    const meta = (kind: string, n: number) =>
      `jsonb_build_object('hospitalId', '${hospitalId}', 'correlationId', '${kind}' || i, 'causationId', '${kind}' || i,
        'requestId', '${kind}' || i, 'ip', '10.0.' || (i % 250) || '.9',
        'occurredAt', to_char((${kind === 'v' ? `now() + make_interval(secs => i)` : `now() - make_interval(secs => (${n} - i) * 2592000.0 / ${n})`}) at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'),
        'actor', jsonb_build_object('userId', 'staff-' || (i % 40), 'role', 'doctor', 'name', 'Dr Bench ' || (i % 40)))`;
    const seedStart = performance.now();
    const client = await platform.pool.connect();
    try {
      await client.query('set synchronous_commit = off');
      await client.query(`
        do $$ begin
          for i in 1..${PATIENT_EVENTS - 1} loop
            insert into events (stream_id, stream_revision, event_id, type, data, metadata)
            values ('patient-${patient.id}', i, gen_random_uuid(), 'VitalsRecorded',
              jsonb_build_object('patientId', '${patient.id}', 'vitals', jsonb_build_object(
                'bloodPressure', (110 + i % 30) || '/80', 'pulseRate', 60 + i % 40, 'temperature', 36.5,
                'temperatureUnit', 'C', 'weight', null, 'height', null, 'respiratoryRate', null, 'oxygenSaturation', null)),
              ${meta('v', PATIENT_EVENTS)});
            commit;
          end loop;
          for i in 1..${EVENTS} loop
            insert into events (stream_id, stream_revision, event_id, type, data, metadata)
            values ('access-bench-' || i, 0, gen_random_uuid(), 'RecordAccessed',
              jsonb_build_object('subjectType', 'patient', 'subjectId', 'patient-' || (i % 5000), 'what', 'detail',
                'method', 'GET', 'route', '/api/patients/:id', 'purpose', null),
              ${meta('r', EVENTS)});
            commit;
          end loop;
        end $$`);
    } finally {
      client.release();
    }
    const seeded = performance.now() - seedStart;
    const projStart = performance.now();
    const caught = await platform.waitFor(await platform.store.headPosition(), [{ name: 'audit-trail' }], 3_600_000);
    const projected = performance.now() - projStart;
    const total = Number(
      (await platform.pool.query('select count(*) from audit_events where hospital_id = $1', [hospitalId])).rows[0]
        .count,
    );
    // Only the tables' owner may analyse them (the app's role owns none).
    const owner = createPool(embedded.url, 1);
    await owner.query('analyze');
    await owner.end();
    rows.push({
      measure: 'Feed filled, then projected into the trail (with the hash chain)',
      result: perSecond((total / projected) * 1000),
      detail: `${total.toLocaleString('en-US')} events of one hospital; seeding ${(seeded / 1000).toFixed(0)} s (one commit each), projection ${(projected / 1000).toFixed(0)} s${caught ? '' : ' (not caught up!)'}`,
    });

    // 2. Filtered trail: one actor over a week.
    const to = new Date();
    const from = new Date(to.getTime() - 7 * 86_400_000);
    const actorQ = (i: number) =>
      `/api/audit/events?actorId=staff-${i % 40}&from=${from.toISOString()}&to=${to.toISOString()}`;
    const api1 = await sample(SAMPLES, async (i) => void (await get(actorQ(i))));
    const raw1 = await sample(SAMPLES, async (i) => {
      await platform.pool.query(
        `select * from audit_events where hospital_id = $1 and primary_entry and actor_id = $2
           and occurred_at between $3 and $4 order by occurred_at desc, position desc limit 51`,
        [hospitalId, `staff-${i % 40}`, from, to],
      );
    });
    rows.push({
      measure: 'Trail filtered by actor + 7-day range, 50 rows (p99 target < 100 ms)',
      result: `p99 ${ms(api1.p99)}`,
      detail: `p50 ${ms(api1.p50)}; raw SQL for the same rows p50 ${ms(raw1.p50)}, p99 ${ms(raw1.p99)} (${ratio(api1.p99, raw1.p99)})`,
    });

    // 3. Filtered trail: one patient.
    const api2 = await sample(
      SAMPLES,
      async (i) => void (await get(`/api/audit/events?subjectType=patient&subjectId=patient-${i % 5000}`)),
    );
    const raw2 = await sample(SAMPLES, async (i) => {
      await platform.pool.query(
        `select * from audit_events where hospital_id = $1 and primary_entry and subject_type = 'patient' and subject_id = $2
           order by occurred_at desc, position desc limit 51`,
        [hospitalId, `patient-${i % 5000}`],
      );
    });
    rows.push({
      measure: 'Trail filtered by patient, 50 rows (p99 target < 100 ms)',
      result: `p99 ${ms(api2.p99)}`,
      detail: `p50 ${ms(api2.p50)}; raw SQL p50 ${ms(raw2.p50)}, p99 ${ms(raw2.p99)} (${ratio(api2.p99, raw2.p99)})`,
    });

    // 4. History of the patient with 1 000 events (each history read adds one access event).
    const n4 = Math.min(SAMPLES, 50);
    const api3 = await sample(n4, async () => void (await get(`/api/patients/${patient.id}/history`)));
    const raw3 = await sample(n4, async () => {
      await platform.pool.query(
        `select * from audit_events where hospital_id = $1 and patient_id = $2
           order by occurred_at, position`,
        [hospitalId, patient.id],
      );
    });
    rows.push({
      measure: `History of a patient with ${PATIENT_EVENTS.toLocaleString('en-US')} events (target < 150 ms)`,
      result: `p99 ${ms(api3.p99)}`,
      detail: `p50 ${ms(api3.p50)}; raw SQL of the same rows p50 ${ms(raw3.p50)}, p99 ${ms(raw3.p99)} (${ratio(api3.p99, raw3.p99)})`,
    });

    // 5. The record replayed as of a date after its last event: every event folded.
    const mid = new Date(Date.now() + (PATIENT_EVENTS + 60) * 1000).toISOString();
    const api4 = await sample(n4, async () => void (await get(`/api/patients/${patient.id}?asOf=${mid}`)));
    const raw4 = await sample(n4, async () => {
      await platform.pool.query('select * from events where stream_id = $1 order by stream_revision', [
        `patient-${patient.id}`,
      ]);
    });
    rows.push({
      measure: `Record as of a date, replayed from ${PATIENT_EVENTS.toLocaleString('en-US')} events (target < 200 ms)`,
      result: `p99 ${ms(api4.p99)}`,
      detail: `p50 ${ms(api4.p50)}; raw read of the stream p50 ${ms(raw4.p50)}, p99 ${ms(raw4.p99)} (${ratio(api4.p99, raw4.p99)})`,
    });

    // 6. Verification of the whole chain, beside a raw read of the same joined rows.
    const v0 = performance.now();
    const verified = JSON.parse((await get('/api/audit/verify')).body).data;
    const verifyMs = performance.now() - v0;
    const r0 = performance.now();
    await platform.pool.query(
      `select count(*), sum(length(e.data::text) + length(e.metadata::text)) from audit_events a
         join events e on e.event_id = a.event_id where a.hospital_id = $1`,
      [hospitalId],
    );
    const rawMs = performance.now() - r0;
    rows.push({
      measure: 'Verify the hospital chain (recompute every hash)',
      result: perSecond((verified.checked / verifyMs) * 1000),
      detail: `${verified.ok ? 'ok' : 'BROKEN'}, ${verified.checked.toLocaleString('en-US')} entries in ${(verifyMs / 1000).toFixed(1)} s; raw join of the same rows (no hashing) ${perSecond((verified.checked / rawMs) * 1000)}`,
    });

    const markdown = `## Audit trail (\`npm run bench:audit\`)

${header}
- Feed: ${total.toLocaleString('en-US')} events in one hospital (default 200 000; \`npm run bench:audit -- --events=1000000\` for the issue's million). Samples: ${SAMPLES} per query, ${n4} for history and replay, through \`app.inject\` (auth, validation, serialisation, the access event each history and replay read appends).

${table(rows)}`;
    console.log(markdown);
    console.log(`\nwritten to ${await writeSection('audit', markdown)}`);
  } finally {
    await built.close();
    await embedded.stop();
    rmSync(dir, { recursive: true, force: true });
  }
}

main().catch((e) => {
  console.error(e);
  process.exit(1);
});
