import { execFileSync, spawn } from 'node:child_process';
import { chownSync, existsSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { freePort } from '../../src/platform/db/embedded-postgres';

export type PrivateCluster = { url: string; stop: () => Promise<void> };

/** The major version of `postgres --version` in `binDir`, or null when there is none. */
function majorOf(binDir: string): number | null {
  try {
    const out = execFileSync(path.join(binDir, 'postgres'), ['--version'], { encoding: 'utf8' });
    const match = /\(PostgreSQL\) (\d+)/.exec(out);
    return match ? Number(match[1]) : null;
  } catch {
    return null;
  }
}

/**
 * The folder of this machine's PostgreSQL programs of `major` (initdb, postgres): pg_config's, Debian's
 * /usr/lib/postgresql/<major>/bin, or the folder of a `postgres` on PATH. Null when none has that version.
 */
export function serverBinaries(major: number): string | null {
  const candidates: string[] = [];
  try {
    candidates.push(execFileSync('pg_config', ['--bindir'], { encoding: 'utf8' }).trim());
  } catch {
    // No pg_config.
  }
  candidates.push(`/usr/lib/postgresql/${major}/bin`);
  for (const dir of (process.env.PATH ?? '').split(path.delimiter)) {
    if (dir && existsSync(path.join(dir, 'postgres'))) candidates.push(dir);
  }
  return candidates.find((dir) => existsSync(path.join(dir, 'initdb')) && majorOf(dir) === major) ?? null;
}

/** PostgreSQL refuses to run as root: under root the cluster runs as the `postgres` system user. */
function runAs(): { uid: number; gid: number } | undefined {
  if (os.userInfo().uid !== 0) return undefined;
  const uid = Number(execFileSync('id', ['-u', 'postgres'], { encoding: 'utf8' }).trim());
  const gid = Number(execFileSync('id', ['-g', 'postgres'], { encoding: 'utf8' }).trim());
  return { uid, gid };
}

function run(command: string, args: string[], user: { uid: number; gid: number } | undefined): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { stdio: ['ignore', 'pipe', 'pipe'], ...user });
    let output = '';
    child.stdout.on('data', (d: Buffer) => (output += d.toString()));
    child.stderr.on('data', (d: Buffer) => (output += d.toString()));
    child.on('error', reject);
    child.on('exit', (code) =>
      code === 0 ? resolve() : reject(new Error(`${command} exited ${code}:\n${output.slice(-2000)}`)),
    );
  });
}

/**
 * A throw-away PostgreSQL cluster of the machine's own programs in `binDir`, for one test worker: trust
 * authentication on a free loopback port, removed on `stop`. It never waits for the disk (fsync,
 * synchronous commit and full-page writes off): its data need not outlive the run, so it is never for a
 * test that crashes PostgreSQL to prove a write kept (those use DATABASE_URL's server).
 */
export async function startPrivateCluster(binDir: string): Promise<PrivateCluster> {
  const user = runAs();
  const root = mkdtempSync(path.join(os.tmpdir(), 'hms-test-cluster-'));
  if (user) chownSync(root, user.uid, user.gid);
  const dataDir = path.join(root, 'pg');
  await run(
    path.join(binDir, 'initdb'),
    ['-D', dataDir, '-U', 'postgres', '--auth=trust', '--encoding=UTF8', '--no-sync'],
    user,
  );
  const port = await freePort();
  const server = spawn(
    path.join(binDir, 'postgres'),
    [
      ...['-D', dataDir, '-p', String(port), '-c', 'listen_addresses=127.0.0.1', '-c', 'unix_socket_directories='],
      ...['-c', 'fsync=off', '-c', 'synchronous_commit=off', '-c', 'full_page_writes=off'], // see above
    ],
    { stdio: ['ignore', 'pipe', 'pipe'], ...user },
  );
  let log = '';
  server.stdout.on('data', (d: Buffer) => (log += d.toString()));
  server.stderr.on('data', (d: Buffer) => (log += d.toString()));
  const exited = new Promise<void>((resolve) => server.on('exit', () => resolve()));
  let gone = false;
  void exited.then(() => (gone = true));
  const url = `postgres://postgres@127.0.0.1:${port}/postgres`;
  for (const deadline = Date.now() + 30_000; ;) {
    if (gone) throw new Error(`the private PostgreSQL cluster in ${dataDir} exited:\n${log.slice(-2000)}`);
    const client = new pg.Client({ connectionString: url });
    const ready = await client.connect().then(
      () => true,
      () => false,
    );
    await client.end().catch(() => undefined);
    if (ready) break;
    if (Date.now() > deadline) {
      server.kill('SIGKILL');
      throw new Error(`the private PostgreSQL cluster in ${dataDir} did not start within 30 s:\n${log.slice(-2000)}`);
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  return {
    url,
    stop: async () => {
      // SIGINT: PostgreSQL's fast shutdown (ends the sessions, no waiting for clients).
      if (!gone) server.kill('SIGINT');
      await exited;
      rmSync(root, { recursive: true, force: true });
    },
  };
}

/** The major version of the server at `url`. */
export async function serverMajor(url: string): Promise<number> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    // SHOW names its column after the setting: select it under a name of our own.
    const { rows } = await client.query<{ v: string }>(`select current_setting('server_version_num') as v`);
    return Math.floor(Number(rows[0]!.v) / 10_000);
  } finally {
    await client.end();
  }
}
