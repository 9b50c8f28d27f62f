import { ms, percentile } from './report';
import type { Manifest } from './screens-hospital';
import { stat, type Load, type Phase } from './screens-measure';
import { SCREENS, type Screen } from './screens-list';

/** What the section of docs/benchmarks.md is written from. */
export type Figures = {
  command: string;
  machine: string;
  manifest: Manifest;
  seededNow: boolean;
  events: number;
  listed: number;
  screens: Screen[];
  runs: number;
  countRuns: number;
  /** Rounds over every screen before timing, and each screen's first load in them (just after the server started). */
  warmRounds: number;
  firstLoads: Map<Screen, number>;
  trivialMs: number;
  rawMs: number;
  /** Before the idle phase: how long the bench waited for the server to catch up and the machine to be quiet. */
  settled: Settled | null;
  idle: Phase | null;
  busy: (Phase & { staff: number; requests: number; errors: number; errorSamples: string[] }) | null;
  /** The measuring (both phases), and the whole run (seeding, when it seeded, included). */
  minutes: number;
  totalMinutes: number;
};

/** The wait before the idle phase (see `settle` in bench/screens.bench.ts). */
export type Settled = { seconds: number; load: number; quiet: boolean };

const TARGET_MS = 1000;
const count = (n: number) => n.toLocaleString('en-US');
const loadLine = (p: Phase) =>
  `load average (1 min) ${p.load.start.toFixed(2)} at its start, ${p.load.max.toFixed(2)} at most, ${p.load.end.toFixed(2)} at its end; ${(p.seconds / 60).toFixed(1)} min`;
const cell = (loads: Load[] | undefined) => {
  if (!loads) return '–';
  const s = stat(loads);
  const text = `${ms(s.p50)} / ${ms(s.p95)}`;
  return s.p95 >= TARGET_MS ? `**${text}**` : text;
};
const over = (p: Phase, screens: Screen[]) =>
  screens
    .filter((s) => stat(p.loads.get(s)!).p95 >= TARGET_MS)
    .map((s) => `${s.name} ${ms(stat(p.loads.get(s)!).p95)}`);

/** The warm-up, and how the first loads after the server started fared. */
function firstLoadsLine(f: Figures): string {
  const firsts = f.screens.map((s) => ({ s, ms: f.firstLoads.get(s) ?? Infinity }));
  if (!f.warmRounds || !firsts.length)
    return '- No warm-up: the first screens measured met a server that had just started.';
  const sorted = firsts.map((x) => x.ms).sort((a, b) => a - b);
  const slowest = firsts.reduce((a, b) => (b.ms > a.ms ? b : a));
  return `- Before anything was timed, every screen was opened ${f.warmRounds} times in turn, so that the screens measured first did not meet a server that had just started (its code not yet optimised, PostgreSQL's caches empty), as a hospital's server runs all day. Those first loads after the start, one a screen, not in the figures below: p50 ${ms(percentile(sorted, 0.5))}, slowest ${ms(slowest.ms)} (${slowest.s.name}).`;
}

/** The staff's requests that the server answered with an error (a colleague's 409 is not one). */
function staffErrors(b: { errors: number; errorSamples: string[] }): string {
  if (b.errors === 0) return 'none answered with an error';
  const samples = b.errorSamples.map((e) => `\`${e.replaceAll('`', "'").replaceAll('|', '/')}\``).join('; ');
  return `**${count(b.errors)} answered with an error**${samples ? `, e.g. ${samples}` : ''}`;
}

function settledText(s: Settled): string {
  return s.quiet
    ? `it began once the server had caught up with the warm-up's work and the machine was quiet (load average ${s.load.toFixed(2)} after ${s.seconds.toFixed(0)} s)`
    : `**the machine was not quiet before it began** (load average ${s.load.toFixed(2)} after waiting ${s.seconds.toFixed(0)} s)`;
}

function targetNote(f: Figures, quiet: boolean): string {
  if (quiet) return 'The load average stayed under 1.';
  if (f.idle && f.settled?.quiet)
    return "The server-idle phase began on a quiet machine (load average under 1, nothing else running); during it the load was the bench's own. The phase with staff at work is the load test, not the target's condition.";
  return '**The load average was not under 1 throughout, so this run does not test the target.**';
}

/** The `screens` section: hospital, baselines, load averages, the verdict on the target, a row per screen. */
export function screensSection(f: Figures): string {
  const m = f.manifest;
  const phases = [f.idle, f.busy].filter((p): p is Phase => p !== null);
  const all = phases.flatMap((p) => [...p.loads.values()].flat());
  const overall = stat(all);
  const quiet = phases.every((p) => p.load.max < 1);
  const twice = new Map<Screen, string[]>();
  const refreshed = new Map<Screen, string[]>();
  for (const s of f.screens) {
    const found = [...new Set(phases.flatMap((p) => p.loads.get(s)!.flatMap((l) => l.twice)))];
    if (found.length) twice.set(s, found);
    const again = [...new Set(phases.flatMap((p) => p.loads.get(s)!.flatMap((l) => l.refreshed)))];
    if (again.length) refreshed.set(s, again);
  }
  const listed = (m: Map<Screen, string[]>) =>
    [...m].map(([s, t]) => `${s.name}: ${t.map((x) => `\`${x}\``).join(', ')}`).join('; ');
  const flags = [
    m.patients < 100_000 ? `**${count(m.patients)} patients, fewer than the issue's 100,000**` : null,
    f.runs < 20 ? `**${f.runs} runs a screen, fewer than the issue's 20** (a p95 of so few is their slowest)` : null,
    f.screens.length < SCREENS.length ? `**${f.screens.length} of the ${SCREENS.length} screens only**` : null,
    !f.idle ? '**no idle phase (no baseline per screen)**' : null,
    !f.busy ? '**no phase with staff at work**' : null,
  ].filter(Boolean);
  const verdict = phases.map((p) => {
    const slow = over(p, f.screens);
    const name = p === f.idle ? 'server idle' : 'staff at work';
    return `${name}: ${slow.length ? `${slow.length} of ${f.screens.length} screens over 1 s at p95 (${slow.join(', ')})` : `every screen under 1 s at p95`}`;
  });
  const seeded = new Date(m.seededAt).toISOString().slice(0, 16).replace('T', ' ');
  const rows = f.screens.map((s) => {
    const counted = phases.flatMap((p) => p.loads.get(s)!.filter((l) => l.counted));
    const api = counted.length ? Math.max(...counted.map((l) => l.api)) : 0;
    const inAll = counted.length ? Math.max(...counted.map((l) => l.requests)) : 0;
    const t = [
      ...(twice.get(s) ?? []).map((x) => `**${x}**`),
      ...(refreshed.get(s) ?? []).map((x) => `${x} after a push`),
    ];
    return `| ${s.name} | ${s.role.replace('_', ' ')} | \`${s.path}\` | ${cell(f.idle?.loads.get(s))} | ${cell(f.busy?.loads.get(s))} | ${api} (${inAll} in all) | ${t.length ? t.join(', ') : 'none'} |`;
  });
  return [
    '## Screens as a person sees them (`npm run bench:screens`)',
    '',
    f.machine,
    `- Run: \`${f.command}\`; measuring took ${f.minutes.toFixed(1)} min, the whole run ${f.totalMinutes.toFixed(1)} min${flags.length ? `; ${flags.join('; ')}` : ''}`,
    `- Hospital: ${count(m.patients)} patients, each registered with a day of clinical work (vitals; for 4 in 5 a consultation with prescriptions and lab tests, the lab's work, dispensing, an invoice and mostly its payment; reads of the record), spread over the two years before seeding (about ${count(Math.round(m.patients / 730))} a day, the last on the day it was seeded): ${count(m.seededEvents)} events written by SQL in ${m.seedSeconds.toFixed(0)} s, then every projection rebuilt from them by \`npm run projections:rebuild -- --all\` in ${m.rebuildSeconds.toFixed(0)} s (${seeded} UTC${f.seededNow ? ', in this run' : '; kept in its data directory since, so this run measured only'}). The feed held ${count(f.events)} events when this run began (runs with staff at work add to it), the patient list ${count(f.listed)} patients.`,
    `- Each screen opened from its address ${f.runs} times after one warm-up load, in a Chromium signed in as its role through the login page (1366 × 800, each load from a blank page, the build in the browser's cache), timed from navigation until <main> shows its content with nothing loading; requests counted on the first ${Math.min(f.countRuns, f.runs)} loads of a screen in each phase, until the network was idle.`,
    firstLoadsLine(f),
    `- Baselines in the same run: a trivial Fastify route ${ms(f.trivialMs)} and page 1 of the patient list by raw SQL ${ms(f.rawMs)} (medians of 50); each screen with the server idle, its own baseline for the phase with staff at work.`,
    f.idle
      ? `- Server idle: ${f.settled ? `${settledText(f.settled)}; ` : ''}${loadLine(f.idle)} (the bench's own Chromium, server and PostgreSQL).`
      : null,
    f.busy
      ? `- Staff at work: ${f.busy.staff} background staff working through bench:day's loops (${count(f.busy.requests)} requests while measured, ${staffErrors(f.busy)}); ${loadLine(f.busy)}.`
      : null,
    `- Over all screens and phases: p50 ${ms(overall.p50)}, p95 ${ms(overall.p95)}; the p50 is ×${(overall.p50 / f.trivialMs).toFixed(0)} the trivial route's.`,
    `- Target (issue 34 §5: every screen's p95 under 1 s, at a load average under 1): ${verdict.join('; ')}. ${targetNote(f, quiet)}`,
    twice.size
      ? `- **Requests made twice on one load**: ${listed(twice)}.`
      : '- No screen made the same request twice on one load.',
    refreshed.size
      ? `- Asked again after a live push reached the page during the load (the screen following the day's work, not counted as twice): ${listed(refreshed)}.`
      : null,
    '',
    '| Screen | Role | Address | Content shown, idle: p50 / p95 | With staff at work: p50 / p95 | API requests | Made twice |',
    '| --- | --- | --- | --- | --- | --- | --- |',
    ...rows,
    '',
    'A p95 of 1 s or more is in bold. API requests: the most one counted load made (all its requests, the build included, in brackets).',
    '',
    'To run it: `npm run build`, then `SCREENS_DATA_DIR=DIR npm run bench:screens`. The first run into an empty DIR seeds the hospital and keeps it there (`SCREENS_PHASES=seed` seeds and stops); later runs find it, check it is complete and only measure. `SCREENS_PHASES=idle` or `busy` runs one phase; SCREENS_RUNS, SCREENS_STAFF, SCREENS_COUNT_RUNS and SCREENS_ONLY are described in bench/screens.bench.ts.',
  ]
    .filter((l) => l !== null)
    .join('\n');
}
