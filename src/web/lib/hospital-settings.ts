import { atom, useAtom, useAtomValue } from 'jotai';
import { useEffect } from 'react';
import { hospitalSettingsEndpoint, type hospitalSettings } from '../../shared/api/hospitals';
import { fetchData } from './endpoint-client';
import { signedInUserAtom } from './session';
import type { z } from './zod';

/**
 * The signed-in person's hospital settings (GET /api/hospital/settings), loaded once per session
 * and shared: the idle time-out of every guarded page and the New Consultation panel's default
 * fee read them here, and the settings page puts a saved answer back so it applies at once.
 */
export type HospitalSettings = z.infer<typeof hospitalSettings>;

export async function fetchHospitalSettings(signal?: AbortSignal): Promise<HospitalSettings> {
  return (await fetchData(hospitalSettingsEndpoint, { signal })).settings;
}

let inFlight: Promise<HospitalSettings> | null = null;

/**
 * One GET for every reader that asks while it is under way: on a fresh load of /admin/settings the
 * shell's idle time-out and the settings page both want the settings, and asked for them twice
 * (bench:screens). A reader that goes away ignores the answer instead of aborting the shared request.
 */
export function loadHospitalSettings(): Promise<HospitalSettings> {
  inFlight ??= fetchHospitalSettings().finally(() => {
    inFlight = null;
  });
  return inFlight;
}

/** The settings of the hospital whose person is signed in (keyed by user, so a new sign-in reloads). */
export const hospitalSettingsAtom = atom<{ userId: string; settings: HospitalSettings } | null>(null);

/** The loaded settings, or null while loading (or when they could not be read: callers keep their defaults). */
export function useHospitalSettings(): HospitalSettings | null {
  const user = useAtomValue(signedInUserAtom);
  const [cached, setCached] = useAtom(hospitalSettingsAtom);
  const userId = user?.id ?? null;
  const fresh = cached && cached.userId === userId ? cached.settings : null;
  useEffect(() => {
    if (!userId || fresh) return;
    let gone = false;
    loadHospitalSettings().then(
      (settings) => {
        if (!gone) setCached({ userId, settings });
      },
      () => undefined,
    );
    return () => {
      gone = true;
    };
  }, [userId, fresh, setCached]);
  return fresh;
}
