import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { inject } from 'vitest';
import { freePort } from '../../src/platform/db/embedded-postgres';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');

export type ServerProcess = {
  baseUrl: string;
  /** Resolves when the process has exited, with its code or signal. */
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
  output: () => string;
  kill: (signal?: NodeJS.Signals) => Promise<void>;
};

/**
 * The real server (`src/main.ts`) as its own process on an existing database and data dir, so a
 * test can kill it as a power cut would (SIGKILL, or a crash point via HMS_CRASH_AT) and start it
 * again on the same data. Resolves once /api/health answers 200.
 */
export async function startServerProcess(options: {
  /** null: no DATABASE_URL, so the server starts its embedded PostgreSQL in `dataDir`, as `npm start` does. */
  databaseUrl: string | null;
  dataDir: string;
  env?: Record<string, string>;
  /** Run under the tsx command, as `npm start` does (it relays signals to the server it starts). */
  tsxCli?: boolean;
  /** Run `src/main.ts` by `node --import tsx` rather than the run's bundle of it (test/server-bundle.setup.ts). */
  fromSource?: boolean;
}): Promise<ServerProcess> {
  const port = await freePort();
  // The same code either way; the bundle, built once a run, starts in a fraction of the time.
  const bundle = options.fromSource ? undefined : inject('serverBundle');
  const [command, args] = options.tsxCli
    ? [path.join(ROOT, 'node_modules', '.bin', 'tsx'), ['src/main.ts']]
    : bundle
      ? [process.execPath, [bundle]]
      : [process.execPath, ['--import', 'tsx', 'src/main.ts']];
  const { DATABASE_URL: _inherited, ...env } = process.env;
  const child: ChildProcess = spawn(command, args, {
    cwd: ROOT,
    env: {
      ...env,
      ...(options.databaseUrl !== null && { DATABASE_URL: options.databaseUrl }),
      DATA_DIR: options.dataDir,
      PORT: String(port),
      HOST: '127.0.0.1',
      LOG_LEVEL: 'warn',
      JWT_SECRET: 'test-secret-test-secret-test-secret-42',
      TRUST_PROXY: 'true',
      ...options.env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout!.on('data', (d: Buffer) => (output += d.toString()));
  child.stderr!.on('data', (d: Buffer) => (output += d.toString()));
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
    child.on('exit', (code, signal) => resolve({ code, signal })),
  );
  let gone = false;
  void exited.then(() => (gone = true));
  const baseUrl = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 90_000;
  for (;;) {
    if (gone) throw new Error(`the server exited before it was healthy:\n${output}`);
    const healthy = await fetch(`${baseUrl}/api/health`).then(
      (r) => r.status === 200,
      () => false,
    );
    if (healthy) break;
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(`the server was not healthy within 90 s:\n${output}`);
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  return {
    baseUrl,
    exited,
    output: () => output,
    kill: async (signal = 'SIGKILL') => {
      if (!gone) child.kill(signal);
      await exited;
    },
  };
}

/** Waits until every projection and reactor of the server has applied the whole feed. */
export async function waitUntilCaughtUp(baseUrl: string, timeoutMs = 30_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const body = (await (await fetch(`${baseUrl}/api/health`)).json()) as {
      data: { projections: { name: string; eventsBehind: number; failing: string | null }[] };
    };
    const behind = body.data.projections.filter((p) => p.eventsBehind > 0 || p.failing);
    if (behind.length === 0) return;
    if (Date.now() > deadline) throw new Error(`still behind: ${JSON.stringify(behind)}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

/** JSON over real HTTP the way the spec's client calls: JSON content type and Bearer on every call. */
export async function call(
  baseUrl: string,
  method: string,
  url: string,
  options: { token?: string; body?: unknown; ip?: string; headers?: Record<string, string> } = {},
): Promise<{ status: number; body: Record<string, unknown> & { data?: Record<string, unknown> }; headers: Headers }> {
  const res = await fetch(`${baseUrl}${url}`, {
    method,
    headers: {
      'content-type': 'application/json',
      ...(options.token ? { authorization: `Bearer ${options.token}` } : {}),
      ...(options.ip ? { 'x-forwarded-for': options.ip } : {}),
      ...options.headers,
    },
    body: options.body === undefined ? undefined : JSON.stringify(options.body),
  });
  const text = await res.text();
  return { status: res.status, body: text ? JSON.parse(text) : {}, headers: res.headers };
}
