/**
 * The patients this device has seen in a list, and those registered on it and not yet sent, so a
 * booking made offline can still pick its patient (issue 25). Sealed like the rest, one set per person.
 */
import { offlineKeyFor, unlockedUserId } from './crypto';
import { offlineSnapshot } from './offline-queue';
import { readSnapshot, saveSnapshot } from './store';

export type KnownPatient = { id: string; name: string; identificationNumber?: string };

const LIMIT = 500;
const slot = () => {
  const userId = unlockedUserId();
  return userId ? `${userId}:known-patients` : null;
};
const ownerKey = () => {
  const userId = unlockedUserId();
  return userId ? offlineKeyFor(userId) : Promise.resolve(null);
};

let inThisTab: Promise<unknown> = Promise.resolve();

/**
 * Runs one read-modify-write of the known set at a time: two lists that load together (a page and its
 * live refresh, two tabs) would otherwise both read the old set and the last to write would drop the
 * other's patients. Across tabs through a Web Lock where the browser has them; in this tab, in order.
 */
function oneAtATime(work: () => Promise<void>): Promise<void> {
  const locks = typeof navigator !== 'undefined' ? navigator.locks : undefined;
  const run = locks ? async (): Promise<void> => locks.request('hms-offline-known-patients', work) : work;
  const next = inThisTab.then(run, run);
  inThisTab = next.catch(() => undefined);
  return next;
}

/** Adds a list's patients to the ones known on this device (newest first, at most LIMIT). */
export async function rememberPatients(
  patients: readonly { id: string; name: string; identificationNumber?: string | null }[],
): Promise<void> {
  const name = slot();
  const key = name ? await ownerKey() : null;
  if (!name || !key || patients.length === 0) return;
  const fresh = patients.map(({ id, name: n, identificationNumber }) => ({
    id,
    name: n,
    identificationNumber: identificationNumber ?? undefined,
  }));
  const ids = new Set(fresh.map((p) => p.id));
  await oneAtATime(async () => {
    const known = (await readSnapshot<KnownPatient[]>(key, name)) ?? [];
    await saveSnapshot(key, name, [...fresh, ...known.filter((p) => !ids.has(p.id))].slice(0, LIMIT));
  });
}

/** Known patients and pending registrations whose name or number contains `text`. */
export async function searchKnownPatients(text: string, limit = 8): Promise<KnownPatient[]> {
  const name = slot();
  const key = name ? await ownerKey() : null;
  const known = name && key ? ((await readSnapshot<KnownPatient[]>(key, name)) ?? []) : [];
  const pending = offlineSnapshot()
    .commands.filter((c) => c.kind === 'register-patient' && typeof c.body.id === 'string')
    .map((c) => ({
      id: c.body.id as string,
      name: `${String(c.body.firstName ?? '')} ${String(c.body.lastName ?? '')}`.trim(),
      identificationNumber: typeof c.body.identificationNumber === 'string' ? c.body.identificationNumber : undefined,
    }));
  const needle = text.trim().toLowerCase();
  return [...pending, ...known]
    .filter((p) => `${p.name} ${p.identificationNumber ?? ''}`.toLowerCase().includes(needle))
    .slice(0, limit);
}
