import type { PushClock, Recorder } from './day-metrics';
import { ROLE_MIX, type Role } from './day-staff';
import { machineLine, percentile } from './report';

/** The `day` section of docs/benchmarks.md. */
export type DayFigures = {
  minutes: number;
  elapsedMs: number;
  roles: Role[];
  think: number;
  pastPatients: number;
  embedded: boolean;
  recorder: Recorder;
  clock: PushClock;
  socketsMessages: number;
  cpu: { serverMs: number; pgMs: number; benchMs: number };
  /** CPU ms per second with every socket open and no requests, measured just before the day. */
  idle: { serverMsPerSecond: number; pgMsPerSecond: number };
  baseline: { requests: number; cpuMs: number; rps: number; p99: number };
  load: { start: string; end: string };
};

const f1 = (v: number) => (Number.isFinite(v) ? v.toFixed(1) : '–');
const f3 = (v: number) => (Number.isFinite(v) ? v.toFixed(3) : '–');
const PUSH_P99_TARGET = 250;
const ROUTE_P95_TARGET = 100;

function latencies(values: number[]) {
  const sorted = [...values].sort((a, b) => a - b);
  return {
    n: sorted.length,
    p50: percentile(sorted, 0.5),
    p95: percentile(sorted, 0.95),
    p99: percentile(sorted, 0.99),
  };
}

export function dayReport(d: DayFigures): string {
  const kinds = d.recorder.summary();
  const requests = kinds.reduce((n, k) => n + k.count, 0);
  const errors = kinds.reduce((n, k) => n + k.errors, 0);
  const expected = kinds.reduce((n, k) => n + k.expected.reduce((m, [, c]) => m + c, 0), 0);
  const rate = requests / (d.elapsedMs / 1000);
  const slow = kinds.filter((k) => k.p95 >= ROUTE_P95_TARGET).map((k) => k.name);

  const mix = Object.keys(ROLE_MIX)
    .map((role) => `${d.roles.filter((r) => r === role).length} ${role.replace('_', ' ')}s`)
    .join(', ');
  const routeRows = kinds.map(
    (k) =>
      `| ${k.name} | ${k.count} | ${f1(k.p50)} | ${f1(k.p95)}${k.p95 >= ROUTE_P95_TARGET ? ' ✗' : ''} | ${f1(k.p99)} | ${k.errors} | ${k.statuses.map(([s, c]) => `${s}×${c}`).join(' ')} |`,
  );

  const jobRows = d.recorder
    .jobSummary()
    .map((j) => `| ${j.name} | ${j.count} | ${f1(j.p50)} | ${f1(j.p95)} | ${f1(j.p99)} |`);

  const allFromSend = [...d.clock.fromSend.values()].flat();
  const allFromAnswer = [...d.clock.fromAnswer.values()].flat();
  const pushAll = latencies(allFromSend);
  const pushAnswer = latencies(allFromAnswer);
  const pushRows = [...d.clock.fromSend.keys()].sort().map((label) => {
    const s = latencies(d.clock.fromSend.get(label)!);
    const a = latencies(d.clock.fromAnswer.get(label)!);
    return `| ${label} | ${s.n} | ${f1(s.p50)} / ${f1(s.p95)} / ${f1(s.p99)} | ${f1(a.p50)} / ${f1(a.p95)} / ${f1(a.p99)} |`;
  });

  const perRequest = (ms: number) => ms / Math.max(1, requests);
  const trivialPer = d.baseline.cpuMs / Math.max(1, d.baseline.requests);
  const serverPer = perRequest(d.cpu.serverMs);
  const pgPer = perRequest(d.cpu.pgMs);
  const seconds = d.elapsedMs / 1000;
  const serverBusyPer = perRequest(Math.max(0, d.cpu.serverMs - d.idle.serverMsPerSecond * seconds));
  const expectedList = kinds.flatMap((k) => k.expected.map(([m, c]) => `${k.name}: ${c} × “${m}”`)).join('; ');
  const samples = kinds.flatMap((k) => k.samples.map((s) => `- ${k.name}: ${s.replace(/\|/g, '\\|')}`));

  return [
    '## A day at a 300-bed hospital (`npm run bench:day`)',
    '',
    machineLine(`PostgreSQL ${d.embedded ? 'embedded' : 'given by --database-url'}`),
    `- Load average at the end of the day: ${d.load.end} (1, 5, 15 min)`,
    `- Staff: ${d.roles.length} (${mix}), each with a /ws socket open; ${d.pastPatients.toLocaleString('en-US')} past (discharged) patients seeded`,
    `- Day: ${d.minutes} min; think time ${d.think === 1 ? '' : `× ${d.think} of `}5–25 s after each screen, with 20–180 s inside the long tasks (a form, vitals, a consultation, a lab test)`,
    '',
    '| Measure | Result | Detail |',
    '| --- | --- | --- |',
    `| Requests | ${requests.toLocaleString('en-US')} (${f1(rate)}/s) | ${kinds.length} route kinds |`,
    `| Errors (not 2xx, not an expected 409) | ${errors} | target 0 |`,
    `| Expected business answers (409) | ${expected} | ${expectedList || 'none'} |`,
    `| Route kinds with p95 ≥ ${ROUTE_P95_TARGET} ms | ${slow.length} | ${slow.join(', ') || 'none'}; target: none |`,
    `| Push latency, command sent → socket | p50 ${f1(pushAll.p50)} ms, p95 ${f1(pushAll.p95)} ms, p99 ${f1(pushAll.p99)} ms | ${pushAll.n.toLocaleString('en-US')} deliveries matched to a command; target p99 < ${PUSH_P99_TARGET} ms |`,
    `| Push latency, command answered → socket | p50 ${f1(pushAnswer.p50)} ms, p95 ${f1(pushAnswer.p95)} ms, p99 ${f1(pushAnswer.p99)} ms | ${d.clock.beforeAnswer} arrived before the answer (counted as 0); ${d.socketsMessages.toLocaleString('en-US')} messages received in all |`,
    `| Trivial Fastify route (baseline) | ${f3(trivialPer)} ms CPU/request | ${d.baseline.requests.toLocaleString('en-US')} requests in 5 s, 10 connections (${Math.round(d.baseline.rps)}/s, p99 ${d.baseline.p99} ms), its own process |`,
    `| Server CPU per request | ${f3(serverPer)} ms (${f1(serverPer / trivialPer)}× trivial) | ${f1(d.cpu.serverMs / 1000)} s CPU over the day (${f1((d.cpu.serverMs / d.elapsedMs) * 100)} % of one core), pushes and projections included |`,
    `| Server CPU per request, idle time taken off | ${f3(serverBusyPer)} ms (${f1(serverBusyPer / trivialPer)}× trivial) | idle (sockets open, nobody working): ${f1(d.idle.serverMsPerSecond)} ms CPU/s, measured before the day |`,
    d.embedded
      ? `| PostgreSQL CPU per request | ${f3(pgPer)} ms (${f1(pgPer / trivialPer)}× trivial) | ${f1(d.cpu.pgMs / 1000)} s CPU (${f1((d.cpu.pgMs / d.elapsedMs) * 100)} % of one core), postmaster and backends; idle ${f1(d.idle.pgMsPerSecond)} ms CPU/s |`
      : '| PostgreSQL CPU per request | not measured | a given database |',
    `| Load generator CPU | ${f1(d.cpu.benchMs / 1000)} s | the ${d.roles.length} simulated browsers, same machine |`,
    '',
    '### Per route kind (ms)',
    '',
    '| Route | Requests | p50 | p95 | p99 | Errors | Status codes |',
    '| --- | --- | --- | --- | --- | --- | --- |',
    ...routeRows,
    '',
    ...(jobRows.length
      ? [
          '### Background work (ms from the request to ready; not a request, so not in the target)',
          '',
          '| Work | Count | p50 | p95 | p99 |',
          '| --- | --- | --- | --- | --- |',
          ...jobRows,
          '',
        ]
      : []),
    '### Push latency per message (ms, p50 / p95 / p99, over every receiving socket)',
    '',
    '| Message (caused by) | Deliveries | Command sent → socket | Answered → socket |',
    '| --- | --- | --- | --- |',
    ...pushRows,
    '',
    ...(samples.length ? ['Errors seen (first of each route kind):', '', ...samples, ''] : []),
    'The server runs as its own process on the same two cores as PostgreSQL and the simulated browsers. Each',
    'call is made as the spec’s client makes it (JSON content type, Bearer token, the person’s own address). A',
    '409 is counted apart as the answer a person gets when a colleague was quicker (the patient already taken,',
    'the prescription already dispensed); anything else that is not 2xx is an error. Push latency is matched on',
    'the message’s subject (patient, consultation, lab request, payment) to the command that caused it; the',
    'invoice comes from a reactor, so its figure includes the reactor (the status after a consultation or the',
    'last lab results is in that command’s own commit). CPU is utime + stime from /proc/<pid>/stat over the',
    'day, divided by the requests answered in it.',
  ].join('\n');
}
