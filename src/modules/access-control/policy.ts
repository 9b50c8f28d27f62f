import type { Db } from '../../platform/db/database';
import type { RecordedEvent } from '../../platform/event-store/port';
import type { AccessPolicy } from '../../platform/http/module-access';
import type { FeedConsumerRef } from '../../platform/projections/projection';
import type { LiveConsumer } from '../../platform/projections/runner';
import type { AccessMatrix } from '../../shared/access-matrix';
import { storedMatrix } from './read-models/access-matrix';

/** The cache's live consumer: a save waits for it, so the change is in force when the save answers. */
export const ACCESS_POLICY: FeedConsumerRef = { name: 'access-control-policy' };

const MAX_HOSPITALS = 10_000;

/**
 * Each hospital's matrix, read once from the read model and kept in memory, so the check every
 * tagged route runs costs no query. An AccessMatrixChanged reaching this process (through the
 * feed, whichever server wrote it) drops the hospital's entry; the next request reads the new
 * matrix. A read that started before such an event is not cached (the generation check), so a
 * stale matrix cannot outlive the event that replaced it.
 */
export class AccessMatrixCache {
  private readonly cache = new Map<string, AccessMatrix>();
  private generation = 0;

  constructor(private readonly db: Db) {}

  readonly policy: AccessPolicy = {
    matrixOf: async (hospitalId) => {
      const hit = this.cache.get(hospitalId);
      if (hit) return hit;
      const generation = this.generation;
      const { matrix } = await storedMatrix(this.db, hospitalId);
      if (generation === this.generation) {
        if (this.cache.size >= MAX_HOSPITALS) this.cache.delete(this.cache.keys().next().value!);
        this.cache.set(hospitalId, matrix);
      }
      return matrix;
    },
  };

  private onEvent(event: RecordedEvent): void {
    if (event.type !== 'AccessMatrixChanged') return;
    this.generation++;
    this.cache.delete((event.data as { hospitalId: string }).hospitalId);
  }

  consumer(): LiveConsumer {
    return {
      name: ACCESS_POLICY.name,
      types: ['AccessMatrixChanged'],
      handle: (events) => events.forEach((e) => this.onEvent(e)),
    };
  }
}
