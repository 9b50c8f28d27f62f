import type { Platform } from '../../../platform/platform';
import { defineReactor, type FeedConsumerRef, type Reactor } from '../../../platform/projections/projection';
import { renameTenant } from '../../identity';
import type { HospitalSettingsChanged } from '../events';
import { hospitalDecider, hospitalStream } from '../hospital';

export const TENANT_NAMES: FeedConsumerRef = { name: 'hospitals-tenant-names' };

/**
 * A safety net behind the rename that commits with each settings change (change-settings.ts): on a
 * database whose hospitals were renamed before identity's copy followed (issue 24), its first run
 * over the feed gives identity every hospital's current name. It copies the hospital's name as it
 * stands now, not the event's, so catching up on an old change never brings back an old name; for
 * a change already copied it records nothing.
 */
export function tenantNamesReactor(platform: Platform): Reactor {
  return defineReactor<HospitalSettingsChanged>({
    name: TENANT_NAMES.name,
    handles: ['HospitalSettingsChanged'],
    react: async (event) => {
      const { hospitalId } = event.data;
      const metadata = { ...event.metadata, causationId: event.id, occurredAt: new Date().toISOString() };
      await platform.transact(metadata, async (uow) => {
        const hospital = await uow.load(hospitalDecider, hospitalStream(hospitalId));
        if (hospital.state.status === 'none') return;
        await renameTenant(uow, hospitalId, hospital.state.settings.name);
      });
    },
  });
}
