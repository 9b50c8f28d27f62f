import { metadataFor } from '../../../platform/event-store/metadata';
import type { Actor } from '../../../platform/event-store/port';
import type { Platform } from '../../../platform/platform';
import { SESSION_GUARD, setTenantStatus } from '../../identity';
import { hospitalDecider, hospitalStream, type HospitalStatus } from '../hospital';

/**
 * Suspends or re-activates a hospital. No route offers it yet (it is an operator's decision);
 * an inactive hospital's users cannot sign in and their sessions stop working at once: identity's
 * record of the hospital changes in the same commit.
 */
export async function changeHospitalStatus(
  platform: Platform,
  args: { hospitalId: string; status: HospitalStatus; reason: string; actor?: Actor },
): Promise<void> {
  const { hospitalId, status, reason } = args;
  await platform.transact(
    metadataFor({ hospitalId, actor: args.actor }),
    async (uow) => {
      const hospital = await uow.load(hospitalDecider, hospitalStream(hospitalId));
      uow.decide(hospital, { type: 'ChangeHospitalStatus', hospitalId, status, reason });
      await setTenantStatus(uow, hospitalId, status);
    },
    { waitFor: [SESSION_GUARD] },
  );
}
