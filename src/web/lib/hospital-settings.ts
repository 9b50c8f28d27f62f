import { atom, useAtomValue, useStore } from 'jotai';
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

/**
 * The settings of the hospital whose person is signed in (keyed by user, so a new sign-in
 * reloads); `at`: when they were read or saved (Date.now()), unknown for a copy set otherwise.
 */
export const hospitalSettingsAtom = atom<{ userId: string; settings: HospitalSettings; at?: number } | null>(null);

/** How long after the shell read the settings a screen takes its copy instead of asking again: one page load. */
export const RECENT_SETTINGS_MS = 10_000;

/**
 * The shared copy when it is this user's and was read (or saved) in the last RECENT_SETTINGS_MS,
 * else null: a screen that edits the settings takes it on the load that read it (a second GET
 * otherwise, when the shell's answer came before the screen's code: bench:screens saw it under
 * load), and asks the server on a later visit, so it never edits a copy read long before.
 */
export function recentHospitalSettings(
  shared: { userId: string; settings: HospitalSettings; at?: number } | null,
  userId: string | undefined,
  now = Date.now(),
): HospitalSettings | null {
  if (!shared || shared.userId !== userId || shared.at === undefined) return null;
  return now - shared.at < RECENT_SETTINGS_MS ? shared.settings : null;
}

/**
 * This user's shared copy when there is one, else one GET (shared with any under way) whose answer
 * becomes the shared copy: a screen that reads the settings before the shell's idle time-out has
 * (the first-hour checklist) leaves them for it, which asked again when its code came later
 * (bench:screens: the admin dashboard's GET /hospital/settings twice on one load).
 */
export function sharedHospitalSettings(store: ReturnType<typeof useStore>): Promise<HospitalSettings> {
  const userId = store.get(signedInUserAtom)?.id;
  const shared = store.get(hospitalSettingsAtom);
  if (shared && userId && shared.userId === userId) return Promise.resolve(shared.settings);
  return loadHospitalSettings().then((settings) => {
    if (userId && store.get(signedInUserAtom)?.id === userId) {
      store.set(hospitalSettingsAtom, { userId, settings, at: Date.now() });
    }
    return settings;
  });
}

/** The loaded settings, or null while loading (or when they could not be read: callers keep their defaults). */
export function useHospitalSettings(): HospitalSettings | null {
  const store = useStore();
  const user = useAtomValue(signedInUserAtom);
  const cached = useAtomValue(hospitalSettingsAtom);
  const userId = user?.id ?? null;
  const fresh = cached && cached.userId === userId ? cached.settings : null;
  useEffect(() => {
    // The answer becomes the shared copy (for this user only), which this hook then reads.
    if (userId && !fresh) sharedHospitalSettings(store).catch(() => undefined);
  }, [userId, fresh, store]);
  return fresh;
}
