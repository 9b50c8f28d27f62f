import { z } from 'zod';
import { defineEvent, type EventMap, type EventsOf } from '../../platform/event-store/contracts';
import { ACCESS_MODULE_IDS, type AccessModuleId } from '../../shared/access-matrix';
import { ROLE_CODES } from '../../shared/roles';

/**
 * The access-control module's one event, on stream `access-matrix-<hospitalId>`: the
 * administrator saved or reset the hospital's module × role matrix. Who did it is in the
 * metadata; `changes` says what moved and `matrix` is the whole matrix afterwards, so a reader
 * never needs an earlier event. A module added to the product later reads its default from
 * src/shared/access-matrix.ts when an older event does not name it.
 */
const role = z.enum(ROLE_CODES);
const moduleId = z.enum(ACCESS_MODULE_IDS as [AccessModuleId, ...AccessModuleId[]]);

export const accessMatrixChanged = defineEvent(
  'AccessMatrixChanged',
  z.object({
    hospitalId: z.string(),
    reason: z.enum(['saved', 'reset']),
    changes: z.array(z.object({ module: moduleId, granted: z.array(role), revoked: z.array(role) })),
    matrix: z.partialRecord(moduleId, z.array(role)),
  }),
);

export const accessControlContracts = [accessMatrixChanged] as const;

/** The module's events by type name: `AccessControlEvents['AccessMatrixChanged']`. */
export type AccessControlEvents = EventMap<typeof accessControlContracts>;
export type AccessMatrixChanged = AccessControlEvents['AccessMatrixChanged'];
export type AccessControlEvent = EventsOf<typeof accessControlContracts>;
