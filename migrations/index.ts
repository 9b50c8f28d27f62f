import type { Migration } from 'kysely';
import * as eventStore from './0001-platform-event-store';
import * as projections from './0002-platform-projections';

/**
 * Every migration, keyed by name; names sort in the order they run.
 * Each module's tables get their own file, prefixed with the module name.
 */
export const migrations: Record<string, Migration> = {
  '0001-platform-event-store': eventStore,
  '0002-platform-projections': projections,
};
