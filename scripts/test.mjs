// `npm test`: the static checks (eslint, prettier, tsc) run beside the build and the tests instead of
// before them, so the suite does not wait minutes for them. They run at the lowest CPU priority: the
// tests' servers, browsers and waits come first, and the checks take the CPU the tests leave idle.
//
// The tests run as two Vitest processes side by side: the server files (then the files run alone), and
// the browser files (then the jsdom files). A browser file spends most of its time waiting for a page
// (Chromium alone kept this 2-core machine about a third busy), so its waits overlap the server files'
// work instead of following it. Each process has its own workers and PostgreSQL clusters
// (test/global-setup.ts). `npm test -- <filters or --project …>` runs one Vitest with them, as before.
//
// Vitest's output streams as it comes for the first process; the second's (and each check's) is kept and
// printed when it ends. Fails when any of them fails.
// Arguments after `npm test --` reach vitest: `npm test -- --reporter=json --outputFile.json=out.json`
// (with two processes, each writes its own report and the two are merged into that file).
import { spawn } from 'node:child_process';
import { readFile, rm, writeFile } from 'node:fs/promises';

const bin = (name) => new URL(`../node_modules/.bin/${name}`, import.meta.url).pathname;

/**
 * Runs a command; `quiet` keeps its output until it ends, `background` runs it at the lowest CPU priority.
 * Resolves with its name, code and seconds.
 */
function run(name, command, args, { quiet, background = false }) {
  const started = Date.now();
  return new Promise((resolve) => {
    // `nice` before the exec, so every thread the command starts (V8's among them) has the low priority.
    const [file, argv] =
      background && process.platform !== 'win32' ? ['nice', ['-n', '19', command, ...args]] : [command, args];
    const child = spawn(file, argv, { stdio: quiet ? ['ignore', 'pipe', 'pipe'] : 'inherit' });
    const kept = [];
    if (quiet) {
      child.stdout.on('data', (d) => kept.push(d));
      child.stderr.on('data', (d) => kept.push(d));
    }
    const done = (code) => {
      const seconds = ((Date.now() - started) / 1000).toFixed(1);
      if (quiet) {
        process.stdout.write(`\n==> ${name}: ${code === 0 ? 'ok' : `FAILED (exit ${code})`} in ${seconds}s\n`);
        if (kept.length) process.stdout.write(Buffer.concat(kept));
      }
      resolve({ name, code, seconds });
    };
    child.on('error', (e) => {
      kept.push(Buffer.from(`${e.message}\n`));
      done(1);
    });
    child.on('exit', (code, signal) => done(code ?? (signal ? 1 : 0)));
  });
}

const checks = [
  run('eslint', bin('eslint'), ['.'], { quiet: true, background: true }),
  run('prettier', bin('prettier'), ['--check', '.'], { quiet: true, background: true }),
  run('tsc', bin('tsc'), ['--noEmit'], { quiet: true, background: true }),
];

/** The two halves of the suite, each one Vitest process (see the top of this file). */
const HALVES = [
  { name: 'vitest (server, browser, web)', projects: ['server', 'browser', 'web'], quiet: false },
  { name: 'vitest (server-alone)', projects: ['server-alone'], quiet: true },
];

const args = process.argv.slice(2);
const JSON_OUT = /^--outputFile\.json=(.+)$/;
/** Only reporter options were given: the whole suite, split in two. Anything else: one Vitest, as asked. */
const whole = args.every((a) => a.startsWith('--reporter') || a.startsWith('--outputFile'));

async function vitest() {
  if (!whole) return [await run('vitest', bin('vitest'), ['run', ...args], { quiet: false })];
  const report = args.map((a) => a.match(JSON_OUT)?.[1]).find(Boolean);
  const results = await Promise.all(
    HALVES.map((half, i) => {
      const own = args.map((a) => (JSON_OUT.test(a) ? `--outputFile.json=${report}.${i}` : a));
      const projects = half.projects.flatMap((p) => ['--project', p]);
      return run(half.name, bin('vitest'), ['run', ...projects, ...own], { quiet: half.quiet });
    }),
  );
  if (report)
    await mergeReports(
      report,
      HALVES.map((_, i) => `${report}.${i}`),
    );
  return results;
}

/** Vitest's JSON reports of the two processes as one: counts added, files listed together. */
async function mergeReports(into, parts) {
  const reports = [];
  for (const part of parts) {
    try {
      reports.push(JSON.parse(await readFile(part, 'utf8')));
    } catch {
      // A process that failed before it reported: its exit code already fails the run.
    }
    await rm(part, { force: true });
  }
  if (reports.length === 0) return;
  const merged = { ...reports[0] };
  for (const r of reports.slice(1)) {
    for (const [key, value] of Object.entries(r)) {
      if (typeof value === 'number' && key.startsWith('num')) merged[key] = (merged[key] ?? 0) + value;
    }
    merged.startTime = Math.min(merged.startTime, r.startTime);
    merged.success = merged.success && r.success;
    merged.testResults = [...merged.testResults, ...r.testResults];
  }
  merged.success = merged.success && reports.length === parts.length;
  await writeFile(into, JSON.stringify(merged));
}

// The browser tests serve dist/web, so the build comes before vitest.
const tests = run('build', bin('vite'), ['build', '--logLevel', 'warn'], { quiet: false }).then((build) =>
  build.code === 0 ? vitest().then((v) => [build, ...v]) : [build],
);

const results = [...(await Promise.all(checks)), ...(await tests)];
const failed = results.filter((r) => r.code !== 0);
process.stdout.write(
  `\n==> ${results.map((r) => `${r.name} ${r.code === 0 ? 'ok' : 'FAILED'} ${r.seconds}s`).join(', ')}\n`,
);
process.exitCode = failed.length ? 1 : 0;
