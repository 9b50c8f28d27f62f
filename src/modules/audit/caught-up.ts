import type { GlobalPosition } from '../../platform/event-store/port';
import type { Platform } from '../../platform/platform';
import { AUDIT_TRAIL } from './read-models/audit-trail';

/**
 * Waits (briefly) until the trail has every event committed before the request arrived, so an
 * entry just written is in the answer. The audit projection follows the feed in the background.
 */
export async function trailCaughtUp(platform: Platform): Promise<GlobalPosition | null> {
  const head = await platform.store.headPosition();
  await platform.waitFor(head, [{ name: AUDIT_TRAIL }], 3000);
  return head;
}
