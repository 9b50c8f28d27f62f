/**
 * The last answer of a list, kept sealed on this device so it can be read offline (issue 25: "the patient
 * list the receptionist last saw is readable offline, with its age shown").
 */
import { ApiError } from '../api-client';
import { offlineKeyFor, unlockedUserId } from './crypto';
import { readSnapshot, saveSnapshot } from './store';

/** A list answer and, when it was read from this device instead of the server, when it was fetched. */
export type LastSeen<T> = { value: T; asOf: string | null };

type Kept<T> = { value: T; at: string };

/** Loads `name` from the server and keeps the answer; offline, answers the kept one with its age. */
export async function withLastSeen<T>(
  name: string,
  load: () => Promise<T>,
  now = () => new Date(),
): Promise<LastSeen<T>> {
  // The person this tab holds the key for: known before the session's effects run after a reload offline.
  const userId = unlockedUserId();
  const slot = userId ? `${userId}:${name}` : null;
  try {
    const value = await load();
    const key = userId ? await offlineKeyFor(userId) : null;
    // Kept before it is shown, so what the person saw is what they can read offline.
    if (slot && key)
      await saveSnapshot(key, slot, { value, at: now().toISOString() } satisfies Kept<T>).catch(() => {});
    return { value, asOf: null };
  } catch (e) {
    if (!(e instanceof ApiError) || e.status !== 0 || !slot) throw e;
    const key = await offlineKeyFor(userId!);
    const kept = key ? await readSnapshot<Kept<T>>(key, slot) : null;
    if (!kept) throw e;
    return { value: kept.value, asOf: kept.at };
  }
}

/** "as of 10:42, 25 min ago" for a list read from this device. */
export function ageText(asOf: string, now: Date): string {
  const at = new Date(asOf);
  const minutes = Math.max(0, Math.round((now.getTime() - at.getTime()) / 60_000));
  const clock = at.toLocaleTimeString('en-GB', { hour: '2-digit', minute: '2-digit' });
  const ago =
    minutes < 1
      ? 'just now'
      : minutes < 60
        ? `${minutes} min ago`
        : minutes < 48 * 60
          ? `${Math.floor(minutes / 60)} h ${minutes % 60} min ago`
          : `${Math.floor(minutes / 1440)} days ago`;
  return `as of ${clock}, ${ago}`;
}
