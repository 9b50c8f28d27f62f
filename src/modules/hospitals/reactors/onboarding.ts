import { loadAggregate } from '../../../platform/event-store/command-handler';
import type { Platform } from '../../../platform/platform';
import { defineReactor, type FeedConsumerRef, type Reactor } from '../../../platform/projections/projection';
import { provisionAdminAccount } from '../../identity';
import type { EmailVerified } from '../events';
import { hospitalDecider, hospitalStream } from '../hospital';
import { registrationDecider } from '../registration-decider';
import { registrationStream } from '../registration';

export const ONBOARDING: FeedConsumerRef = { name: 'hospitals-onboarding' };

/**
 * After a verification: the hospital and its admin's account (with the password chosen at
 * registration), in one commit. Both commands are idempotent for the registration, so a replay
 * after a crash (before this reactor's checkpoint moved) records nothing twice.
 */
export function onboardingReactor(platform: Platform): Reactor {
  return defineReactor<EmailVerified>({
    name: ONBOARDING.name,
    handles: ['EmailVerified'],
    react: async (event) => {
      const verified = event.data;
      const { state } = await loadAggregate(
        platform.store,
        registrationStream(verified.registrationId),
        registrationDecider.evolve,
        registrationDecider.initialState,
      );
      if (state.status !== 'verified') return;
      const s = state.submission;
      const metadata = { ...event.metadata, causationId: event.id, occurredAt: new Date().toISOString() };
      await platform.transact(metadata, async (uow) => {
        const hospital = await uow.load(hospitalDecider, hospitalStream(s.hospitalId));
        uow.decide(hospital, {
          type: 'RegisterHospital',
          hospital: {
            hospitalId: s.hospitalId,
            hospitalCode: verified.hospitalCode,
            ...s.hospitalData,
            plan: 'clinic',
            status: 'active',
            setupStatus: 'incomplete',
            registrationId: s.registrationId,
            adminUserId: s.adminUserId,
          },
        });
        await provisionAdminAccount(uow, {
          userId: s.adminUserId,
          hospital: { hospitalId: s.hospitalId, hospitalCode: verified.hospitalCode, name: s.hospitalData.name },
          fullName: s.admin.fullName,
          jobTitle: s.admin.jobTitle,
          email: s.admin.email,
        });
      });
    },
  });
}
