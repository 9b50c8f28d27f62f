import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { appendFileSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import { freePort } from '../src/platform/db/embedded-postgres';

/** Shared pieces of the HTTP benchmarks: the real server as its own process, and a load run. */
export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/** `pid`: the process itself (node), for its CPU time in /proc/<pid>/stat. */
export type Child = { url: string; pid: number; stop: () => Promise<void> };

async function waitFor(url: string, child: ChildProcess, log: () => string): Promise<void> {
  const deadline = Date.now() + 90_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`exited early:\n${log()}`);
    if (
      await fetch(url).then(
        (r) => r.ok,
        () => false,
      )
    )
      return;
    if (Date.now() > deadline) throw new Error(`not up within 90 s:\n${log()}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

function run(
  args: string[],
  env: Record<string, string>,
  readyUrl: (base: string) => string,
  port: number,
  cwd = ROOT,
): Promise<Child> {
  const child = spawn(process.execPath, args, {
    cwd,
    env: { ...process.env, ...env, PORT: String(port) },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let log = '';
  // BENCH_SERVER_LOG=file: the server's own log (LOG_LEVEL info, every request with its time) kept there.
  const keep = process.env.BENCH_SERVER_LOG;
  child.stdout!.on('data', (d: Buffer) => (keep ? appendFileSync(keep, d) : (log += d)));
  child.stderr!.on('data', (d: Buffer) => (log += d));
  const url = `http://127.0.0.1:${port}`;
  const stop = async () => {
    // A process ended by a signal has no exit code, only a signal code: it is gone all the same.
    if (child.exitCode !== null || child.signalCode !== null) return;
    child.kill('SIGTERM');
    await new Promise((r) => child.once('exit', r));
  };
  return waitFor(readyUrl(url), child, () => log).then(
    () => ({ url, pid: child.pid!, stop }),
    async (e) => {
      await stop();
      throw e;
    },
  );
}

/**
 * `src/main.ts` on an existing database, as `npm start` runs it (minus the web build); from
 * another checkout of the project when `root` is given (see checkoutAt); `nodeArgs` go to node
 * itself (`--cpu-prof`, which NODE_OPTIONS does not allow).
 */
export async function startServer(
  databaseUrl: string,
  dataDir: string,
  root = ROOT,
  nodeArgs: string[] = [],
): Promise<Child> {
  const port = await freePort();
  return run(
    [...nodeArgs, '--import', 'tsx', 'src/main.ts'],
    {
      DATABASE_URL: databaseUrl,
      DATA_DIR: dataDir,
      HOST: '127.0.0.1',
      LOG_LEVEL: process.env.BENCH_SERVER_LOG ? 'info' : 'warn',
      TRUST_PROXY: 'true',
    },
    (base) => `${base}/api/health`,
    port,
    root,
  );
}

/**
 * The project as it was at `commit`, in a temporary git worktree with its own dependencies
 * (its lockfile, installed without scripts): to measure an earlier version in the same run as
 * this one. Needs the git history and the npm registry (or npm's cache).
 */
export async function checkoutAt(commit: string): Promise<{ root: string; remove: () => void }> {
  const root = mkdtempSync(path.join(os.tmpdir(), `hms-at-${commit}-`));
  const sh = (cmd: string, args: string[], cwd: string) => execFileSync(cmd, args, { cwd, stdio: 'pipe' });
  const remove = () => {
    try {
      sh('git', ['worktree', 'remove', '--force', root], ROOT);
    } catch {
      rmSync(root, { recursive: true, force: true });
      sh('git', ['worktree', 'prune'], ROOT);
    }
  };
  try {
    sh('git', ['worktree', 'add', '--detach', root, commit], ROOT);
    sh('npm', ['ci', '--ignore-scripts', '--no-audit', '--no-fund', '--loglevel=error'], root);
  } catch (e) {
    remove();
    throw e;
  }
  return { root, remove };
}

/** The baseline: Fastify with one route that answers a constant, nothing else. */
export async function startTrivialFastify(): Promise<Child> {
  const port = await freePort();
  const code = `import('fastify').then(({ default: F }) => { const app = F(); app.get('/', async () => ({ ok: true })); return app.listen({ port: ${port}, host: '127.0.0.1' }); });`;
  return run(['-e', code], {}, (base) => `${base}/`, port);
}

export type Load = {
  requestsPerSecond: number;
  p50: number;
  p99: number;
  non2xx: number;
  errors: number;
  total: number;
};

/** A closed-loop load run: `connections` clients, each sending its next request when the last is answered. */
export async function load(options: autocannon.Options): Promise<Load> {
  const result = await autocannon({ ...options });
  return {
    requestsPerSecond: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    non2xx: result.non2xx,
    errors: result.errors,
    total: result.requests.total,
  };
}
