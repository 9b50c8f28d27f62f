import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../../test/helpers/database';
import { startServerProcess } from '../../test/helpers/server-process';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
// The tsx that `npx tsx` runs, called directly: npx may add npm's own warnings to stderr.
const tsx = path.join(root, 'node_modules', '.bin', 'tsx');

function runMain(env: Record<string, string>): Promise<{ code: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve, reject) => {
    const { DATABASE_URL: _db, EVENT_STORE: _es, EVENTSTORE_URL: _url, PORT: _port, ...inherited } = process.env;
    const child = spawn(tsx, ['src/main.ts'], { cwd: root, env: { ...inherited, ...env }, stdio: 'pipe' });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d) => (stdout += d));
    child.stderr.on('data', (d) => (stderr += d));
    const timer = setTimeout(() => child.kill('SIGKILL'), 30_000);
    child.on('error', reject);
    child.on('close', (code) => {
      clearTimeout(timer);
      resolve({ code, stdout, stderr });
    });
  });
}

describe('server entry with a bad configuration', () => {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'hms-main-'));
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

  it.each([
    [{ PORT: 'abc' }, 'PORT'],
    [{ EVENT_STORE: 'esdb' }, 'EVENTSTORE_URL'],
  ])('with %o prints one line naming %s and exits 1', async (env, variable) => {
    const result = await runMain({ ...env, DATA_DIR: dataDir });
    expect(result.code).toBe(1);
    expect(result.stdout).toBe('');
    const lines = result.stderr.trimEnd().split('\n');
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(new RegExp(`^Invalid configuration: ${variable} `));
  });
});

describe('server entry on SIGTERM', () => {
  const dataDirs: string[] = [];
  let database: TestDatabase | undefined;
  afterAll(async () => {
    await database?.drop();
    for (const dir of dataDirs) rmSync(dir, { recursive: true, force: true });
  });

  it.each([
    ['run by node on DATABASE_URL', false, false],
    ['run by the tsx command on DATABASE_URL', true, false],
    ['run as npm start runs it, on its embedded PostgreSQL', true, true],
  ])('%s, closes the app and exits 0 on its own shutdown', async (_, tsxCli, embedded) => {
    database ??= await createTestDatabase();
    // Its own data directory each (the embedded cluster's postgres user must be able to enter it).
    const runDir = mkdtempSync(path.join(os.tmpdir(), 'hms-main-term-'));
    dataDirs.push(runDir);
    const server = await startServerProcess({
      databaseUrl: embedded ? null : database.url,
      dataDir: runDir,
      env: { LOG_LEVEL: 'info' },
      tsxCli,
      // How `npm start` and a plain `node` run the entry: from its source, not the tests' bundle.
      fromSource: true,
    });
    await server.kill('SIGTERM');
    expect(await server.exited).toEqual({ code: 0, signal: null });
    expect(server.output()).toContain('shutting down');
  });
});
