import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import { freePort } from '../src/platform/db/embedded-postgres';

/** Shared pieces of the HTTP benchmarks: the real server as its own process, and a load run. */
export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

export type Child = { url: string; stop: () => Promise<void> };

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
): Promise<Child> {
  const child = spawn(process.execPath, args, {
    cwd: ROOT,
    env: { ...process.env, ...env, PORT: String(port) },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let log = '';
  child.stdout!.on('data', (d: Buffer) => (log += d));
  child.stderr!.on('data', (d: Buffer) => (log += d));
  const url = `http://127.0.0.1:${port}`;
  const stop = async () => {
    if (child.exitCode !== null) return;
    child.kill('SIGTERM');
    await new Promise((r) => child.once('exit', r));
  };
  return waitFor(readyUrl(url), child, () => log).then(
    () => ({ url, stop }),
    async (e) => {
      await stop();
      throw e;
    },
  );
}

/** `src/main.ts` on an existing database, as `npm start` runs it (minus the web build). */
export async function startServer(databaseUrl: string, dataDir: string): Promise<Child> {
  const port = await freePort();
  return run(
    ['--import', 'tsx', 'src/main.ts'],
    { DATABASE_URL: databaseUrl, DATA_DIR: dataDir, HOST: '127.0.0.1', LOG_LEVEL: 'warn', TRUST_PROXY: 'true' },
    (base) => `${base}/api/health`,
    port,
  );
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
