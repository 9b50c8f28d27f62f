import { defineConfig } from 'vitest/config';
import { SuiteSequencer } from './test/sequencer';

/**
 * Files that kill and restart real servers, cut PostgreSQL off, or start `npm start` on its embedded
 * database: their waits are timed against a machine with a core to spare, so beside another file on two
 * cores they failed now and then. They run one at a time after every other file (`groupOrder: 1`).
 */
const ALONE = [
  'test/durability.test.ts',
  'test/crash-burst.test.ts',
  'test/several-servers.test.ts',
  'test/embedded-postgres-crash.test.ts',
  'test/database-outage.test.ts',
  'src/platform/main.int.test.ts',
  'src/platform/projections/rebuild-command.int.test.ts',
  // Counts on a consumer asleep between its warm-up read and thirty commits: beside another file's load
  // its warm-up read can still be following the feed when they come (it failed so once in a full run).
  'src/platform/projections/runner-wake.int.test.ts',
];

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
    // Two workers for everything but the ALONE files (see SuiteSequencer for the order).
    maxWorkers: 2,
    sequence: { sequencer: SuiteSequencer },
    projects: [
      {
        test: {
          name: 'server',
          ...server,
          include: ['src/**/*.unit.test.ts', 'src/**/*.int.test.ts', 'test/**/*.test.ts'],
          exclude: ['test/browser/**', 'node_modules/**', ...ALONE],
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
          include: ALONE,
          // They crash and cut off PostgreSQL: the machine's own server, which syncs (test/global-setup.ts).
          env: { ...server.env, HMS_TEST_DURABLE_CLUSTER: '1' },
          maxWorkers: 1,
          sequence: { groupOrder: 1 },
        },
      },
    ],
  },
});
