import { defineConfig } from 'vitest/config';
import { ALONE } from './test/alone-files';
import { SuiteSequencer } from './test/sequencer';

/** What every project that talks to PostgreSQL shares. */
const server = {
  environment: 'node' as const,
  globalSetup: ['test/global-setup.ts', 'test/server-bundle.setup.ts'],
  // Passwords hashed by tests are thrown away: the cheapest argon2 cost (never in production).
  env: { HMS_TEST_PASSWORD_HASH_COST: 'cheap' },
  testTimeout: 60_000,
  hookTimeout: 60_000,
};

export default defineConfig({
  test: {
    // Two workers: the browser and server files first, then the ALONE files in one beside the jsdom
    // files in the other (see SuiteSequencer for the order).
    maxWorkers: 2,
    sequence: { sequencer: SuiteSequencer },
    projects: [
      {
        test: {
          name: 'server',
          ...server,
          include: ['src/**/*.unit.test.ts', 'src/**/*.int.test.ts', 'test/**/*.test.ts'],
          exclude: ['test/browser/**', 'node_modules/**', 'test/alone.test.ts', ...ALONE],
          // A worker keeps its modules from one file to the next: the app's import is paid once a worker,
          // not once a file. Every file makes its own app, database and data dir.
          isolate: false,
        },
      },
      {
        esbuild: { jsx: 'automatic' },
        test: {
          name: 'web',
          environment: 'jsdom',
          include: ['src/web/**/*.test.{ts,tsx}'],
          setupFiles: ['test/setup-web.ts'],
          isolate: false,
          // Beside the ALONE files (test/alone.test.ts), on the core they leave.
          sequence: { groupOrder: 1 },
        },
      },
      {
        test: {
          name: 'browser',
          environment: 'node',
          include: ['test/browser/**/*.test.ts'],
          // One Chromium for the run (test/browser/global-setup.ts); each file has its own server and contexts.
          globalSetup: ['test/global-setup.ts', 'test/browser/global-setup.ts'],
          // A worker keeps the app's modules from one file to the next, as the server files do.
          isolate: false,
          env: { HMS_TEST_PASSWORD_HASH_COST: 'cheap' },
          testTimeout: 120_000,
          hookTimeout: 120_000,
          // expect.poll waits for the screen to catch up with the server; a second is too short on a loaded machine.
          expect: { poll: { timeout: 15_000 } },
        },
      },
      {
        test: {
          name: 'server-alone',
          ...server,
          // One file that runs the ALONE files one after the other: one worker, beside the jsdom files.
          include: ['test/alone.test.ts'],
          // They crash and cut off PostgreSQL: the machine's own server, which syncs (test/global-setup.ts).
          env: { ...server.env, HMS_TEST_DURABLE_CLUSTER: '1' },
          sequence: { groupOrder: 1 },
        },
      },
    ],
  },
});
