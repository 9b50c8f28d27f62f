import { useAtomValue } from 'jotai';
import { DEFAULT_TIME_ZONE } from '../../shared/hospital-calendar';
import { hospitalSettingsAtom } from './hospital-settings';
import { signedInUserAtom } from './session';

/**
 * The hospital's time zone for showing times (issue 34 §6): from the settings every guarded page
 * already loads (the idle time-out reads them), so no screen asks for them again. Until they are
 * in, and for a page outside the hospital, it is the default zone.
 */
export function useHospitalTimeZone(): string {
  return useOwnSettings()?.timeZone ?? DEFAULT_TIME_ZONE;
}

/**
 * The hospital's opening hours from the same settings, or null until they are in: a screen that
 * proposes a slot waits for them (or for its own answer) rather than assume 08:00–18:00.
 */
export function useHospitalHours(): { opensAt: string; closesAt: string } | null {
  const settings = useOwnSettings();
  return settings ? { opensAt: settings.opensAt, closesAt: settings.closesAt } : null;
}

function useOwnSettings() {
  const user = useAtomValue(signedInUserAtom);
  const cached = useAtomValue(hospitalSettingsAtom);
  return cached && user && cached.userId === user.id ? cached.settings : null;
}
