// `npm test`: the static checks (eslint, prettier, tsc) run beside the build and the tests instead of
// before them, so the suite does not wait minutes for them. They run at the lowest CPU priority: the
// tests' servers, browsers and waits come first, and the checks take the CPU the tests leave idle (the
// files that run alone at the end leave a core). Vitest's output streams as it comes; each check's
// output is kept and printed when it ends. Fails when any of them fails.
// Arguments after `npm test --` reach vitest: `npm test -- --reporter=json --outputFile.json=out.json`.
import { spawn } from 'node:child_process';

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

// The browser tests serve dist/web, so the build comes before vitest.
const tests = run('build', bin('vite'), ['build', '--logLevel', 'warn'], { quiet: false }).then((build) =>
  build.code === 0
    ? run('vitest', bin('vitest'), ['run', ...process.argv.slice(2)], { quiet: false }).then((v) => [build, v])
    : [build],
);

const results = [...(await Promise.all(checks)), ...(await tests)];
const failed = results.filter((r) => r.code !== 0);
process.stdout.write(
  `\n==> ${results.map((r) => `${r.name} ${r.code === 0 ? 'ok' : 'FAILED'} ${r.seconds}s`).join(', ')}\n`,
);
process.exitCode = failed.length ? 1 : 0;
