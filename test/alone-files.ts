/**
 * Files that kill and restart real servers, cut PostgreSQL off, or start `npm start` on its embedded
 * database: their waits are timed against a machine with a core to spare, so beside another server
 * file on two cores they failed now and then. test/alone.test.ts runs them one after the other.
 */
export const ALONE = [
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
