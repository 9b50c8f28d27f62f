/**
 * The device's offline queue at run time (issue 25): who it belongs to, what waits, and the sync loop
 * that sends it in order when the server can be reached. Screens read it through useOfflineQueue().
 */
import { useSyncExternalStore } from 'react';
import { reportUnauthorized } from '../api-client';
import { offlineKeyFor } from './crypto';
import { isOnline, onConnectivityChange, reportNetworkFailure, reportReachable } from './connectivity';
import { afterOutcome, keepsSyncing, newCommandId, nextToSend, retried, type QueuedCommand } from './queue';
import { sendCommand } from './send';
import { countCommands, deleteCommand, listCommands, nextSeq, putCommand } from './store';

export type OfflineOwner = { userId: string; hospitalId: string };

export type OfflineSnapshot = {
  online: boolean;
  /** Commands kept on this device for the signed-in person (pending and stopped). */
  count: number;
  /** The ones this session can open, in order. */
  commands: QueuedCommand[];
  /** Whether this session holds the key to queue work (signed in with a password on this tab). */
  ready: boolean;
  syncing: boolean;
};

const listeners = new Set<() => void>();
let owner: OfflineOwner | null = null;
let snapshot: OfflineSnapshot = { online: isOnline(), count: 0, commands: [], ready: false, syncing: false };

function publish(patch: Partial<OfflineSnapshot>): void {
  snapshot = { ...snapshot, ...patch };
  listeners.forEach((l) => l());
}

/** The signed-in person whose work this tab queues, if any. */
export function offlineOwner(): OfflineOwner | null {
  return owner;
}

export async function ownerKey(): Promise<CryptoKey | null> {
  return owner ? offlineKeyFor(owner.userId) : null;
}

/** Re-reads the queue from IndexedDB. */
export async function refreshQueue(): Promise<void> {
  const current = owner;
  if (!current) return publish({ count: 0, commands: [], ready: false });
  const key = await offlineKeyFor(current.userId);
  const [count, commands] = await Promise.all([
    countCommands(current.userId),
    key ? listCommands(key, current.userId) : Promise.resolve([]),
  ]);
  if (owner === current) publish({ count, commands, ready: key !== null });
}

/** Who is signed in (null when nobody): their commands are the ones shown and sent. */
export function setOfflineOwner(next: OfflineOwner | null): void {
  if (next?.userId === owner?.userId && next?.hospitalId === owner?.hospitalId) return;
  owner = next;
  void refreshQueue().then(() => syncNow());
}

export type CommandInput = Pick<QueuedCommand, 'kind' | 'method' | 'route' | 'body' | 'label' | 'basedOnVersion'>;

/** Keeps a command on this device, sealed; null when this session cannot (no key: sign in again). */
export async function queueCommand(input: CommandInput, now = new Date()): Promise<QueuedCommand | null> {
  const key = await ownerKey();
  if (!owner || !key) return null;
  const command: QueuedCommand = {
    ...input,
    id: newCommandId(),
    userId: owner.userId,
    hospitalId: owner.hospitalId,
    deviceTime: now.toISOString(),
    createdAt: now.toISOString(),
    seq: await nextSeq(),
    state: 'pending',
  };
  if (command.basedOnVersion === undefined) delete command.basedOnVersion;
  await putCommand(key, command);
  await refreshQueue();
  return command;
}

let running: Promise<void> | null = null;

/** Sends what waits, oldest first, until the queue is done or the connection drops again. */
export function syncNow(): Promise<void> {
  running ??= runSync().finally(() => {
    running = null;
  });
  return running;
}

async function runSync(): Promise<void> {
  const key = await ownerKey();
  // navigator.onLine only: a server marked unreachable by a failed call is tried again here.
  if (!key || !owner || !navigator.onLine) return;
  publish({ syncing: true });
  try {
    for (;;) {
      const command = nextToSend(await listCommands(key, owner.userId));
      if (!command) break;
      const outcome = await sendCommand(command);
      if (outcome.kind === 'network') reportNetworkFailure();
      else reportReachable();
      const next = afterOutcome(command, outcome);
      if (next === 'remove') await deleteCommand(command.id);
      else if (next !== 'keep') await putCommand(key, next);
      await refreshQueue();
      // The session ended while the device was offline: the app signs the person out and says so; the
      // command stays sealed here until they sign in again, and is sent then.
      if (outcome.kind === 'unauthorized') reportUnauthorized();
      if (!keepsSyncing(outcome)) break;
    }
  } finally {
    publish({ syncing: false });
  }
}

/** The person's decision on a stopped command: send it again changed, or discard it. */
export async function resolveCommand(
  command: QueuedCommand,
  decision: { discard: true } | { body: Record<string, unknown>; basedOnVersion?: number },
): Promise<void> {
  const key = await ownerKey();
  if (!key) return;
  await deleteCommand(command.id);
  if (!('discard' in decision)) {
    await putCommand(key, retried(command, newCommandId(), decision.body, decision.basedOnVersion));
  }
  await refreshQueue();
  await syncNow();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function useOfflineQueue(): OfflineSnapshot {
  return useSyncExternalStore(subscribe, () => snapshot);
}

export function offlineSnapshot(): OfflineSnapshot {
  return snapshot;
}

onConnectivityChange(() => {
  const online = isOnline();
  publish({ online });
  if (online) void syncNow();
});
