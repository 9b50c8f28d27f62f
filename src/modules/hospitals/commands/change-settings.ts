import { releaseUnique, reserveUnique } from '../../../platform/event-store/unique-reservation';
import type { EventMetadata } from '../../../platform/event-store/port';
import { Conflict } from '../../../platform/http/errors';
import type { Platform } from '../../../platform/platform';
import { hospitalDecider, hospitalStream, type ChangeHospitalSettings } from '../hospital';
import type { Logo } from '../logo';
import { UNIQUE_FIELDS, type HospitalSettings, type SettingsInput } from '../settings';
import { CLAIM_SCOPES, HOSPITAL_EXISTS } from './hospital-claims';
import { SETTINGS_CACHE } from '../settings-cache';
import { renameTenant } from '../../identity';

/**
 * Saves the hospital's settings in one commit: the hospital's events and, for a changed number,
 * licence or email, the new value's reservation and the old one's release, so two hospitals
 * never end up holding the same value; a new name also renames identity's copy of the hospital. Only the fields sent change, so two admins saving
 * different fields do not undo each other.
 */
export async function changeSettings(
  platform: Platform,
  metadata: EventMetadata,
  input: SettingsInput,
  logo: Logo | null | undefined,
) {
  const hospitalId = metadata.hospitalId;
  return platform.transact(
    metadata,
    async (uow) => {
      const hospital = await uow.load(hospitalDecider, hospitalStream(hospitalId));
      const command: ChangeHospitalSettings = { type: 'ChangeHospitalSettings', hospitalId, input, logo };
      const events = uow.decide(hospital, command);
      const changed = events.find((e) => e.type === 'HospitalSettingsChanged');
      if (changed?.type !== 'HospitalSettingsChanged') return events;
      // Identity keeps its own copy of the name (sign-in answers, /auth/me, the sidebar).
      if (changed.data.previous.name !== undefined) await renameTenant(uow, hospitalId, changed.data.settings.name);
      for (const field of UNIQUE_FIELDS) {
        const before = changed.data.previous[field as keyof HospitalSettings];
        if (before === undefined) continue;
        const claim = { scope: CLAIM_SCOPES[field], ownerId: hospitalId, ownerStream: hospitalStream(hospitalId) };
        await reserveUnique(
          uow,
          { ...claim, value: changed.data.settings[field] },
          () => new Conflict(HOSPITAL_EXISTS),
        );
        await releaseUnique(uow, { scope: claim.scope, ownerId: hospitalId, value: String(before) });
      }
      return events;
    },
    // The new idle time-out and zone are in force for the hospital's requests when the save answers.
    { waitFor: [SETTINGS_CACHE] },
  );
}
