/**
 * Where the offline queue and the last-seen lists live: IndexedDB, sealed with the session's key
 * (crypto.ts). Only what the banner needs to count (who, which state, the order) is kept in the clear.
 */
import { seal, unseal, type SealedValue } from './crypto';
import type { CommandState, QueuedCommand } from './queue';

const DB_NAME = 'hms-offline';
const COMMANDS = 'commands';
const SNAPSHOTS = 'snapshots';

type StoredCommand = { id: string; userId: string; seq: number; state: CommandState; sealed: SealedValue };
type StoredSnapshot = { key: string; sealed: SealedValue };

let opening: Promise<IDBDatabase> | null = null;

function database(): Promise<IDBDatabase> {
  opening ??= new Promise((resolve, reject) => {
    const open = indexedDB.open(DB_NAME, 1);
    open.onupgradeneeded = () => {
      const commands = open.result.createObjectStore(COMMANDS, { keyPath: 'id' });
      commands.createIndex('userId', 'userId');
      open.result.createObjectStore(SNAPSHOTS, { keyPath: 'key' });
    };
    open.onsuccess = () => resolve(open.result);
    open.onerror = () => {
      opening = null;
      reject(open.error ?? new Error('IndexedDB unavailable'));
    };
  });
  return opening;
}

function done<T>(request: IDBRequest<T>): Promise<T> {
  return new Promise((resolve, reject) => {
    request.onsuccess = () => resolve(request.result);
    request.onerror = () => reject(request.error ?? new Error('IndexedDB request failed'));
  });
}

async function store(name: string, mode: IDBTransactionMode): Promise<IDBObjectStore> {
  return (await database()).transaction(name, mode).objectStore(name);
}

/**
 * Runs one write and resolves once its transaction has committed, not when the request succeeded: only then
 * is it on the device ("saved on this device" must be true before it is said), with strict durability.
 */
async function write(name: string, request: (store: IDBObjectStore) => IDBRequest): Promise<void> {
  const tx = (await database()).transaction(name, 'readwrite', { durability: 'strict' });
  const committed = new Promise<void>((resolve, reject) => {
    tx.oncomplete = () => resolve();
    tx.onabort = () => reject(tx.error ?? new Error('IndexedDB write aborted'));
    tx.onerror = () => reject(tx.error ?? new Error('IndexedDB write failed'));
  });
  request(tx.objectStore(name));
  await committed;
}

/** Saves (or replaces) a command, sealed. */
export async function putCommand(key: CryptoKey, command: QueuedCommand): Promise<void> {
  const record: StoredCommand = {
    id: command.id,
    userId: command.userId,
    seq: command.seq,
    state: command.state,
    sealed: await seal(key, command),
  };
  await write(COMMANDS, (commands) => commands.put(record));
}

export async function deleteCommand(id: string): Promise<void> {
  await write(COMMANDS, (commands) => commands.delete(id));
}

async function storedFor(userId: string): Promise<StoredCommand[]> {
  const all = await done((await store(COMMANDS, 'readonly')).index('userId').getAll(userId));
  return (all as StoredCommand[]).sort((a, b) => a.seq - b.seq);
}

/** This person's commands, opened with their key; ones sealed under another key (an old password) are skipped. */
export async function listCommands(key: CryptoKey, userId: string): Promise<QueuedCommand[]> {
  const opened: QueuedCommand[] = [];
  for (const record of await storedFor(userId)) {
    try {
      opened.push(await unseal<QueuedCommand>(key, record.sealed));
    } catch {
      // Sealed under a key this session cannot unwrap: left in place, still counted.
    }
  }
  return opened;
}

/** How many of this person's commands wait (pending or stopped), counted without opening them. */
export async function countCommands(userId: string): Promise<number> {
  return (await storedFor(userId)).length;
}

/** The next sequence number on this device (one more than the last kept command's). */
export async function nextSeq(): Promise<number> {
  const all = (await done((await store(COMMANDS, 'readonly')).getAll())) as StoredCommand[];
  return all.reduce((max, c) => Math.max(max, c.seq), Date.now()) + 1;
}

export async function saveSnapshot(key: CryptoKey, name: string, value: unknown): Promise<void> {
  const record: StoredSnapshot = { key: name, sealed: await seal(key, value) };
  await write(SNAPSHOTS, (snapshots) => snapshots.put(record));
}

export async function readSnapshot<T>(key: CryptoKey, name: string): Promise<T | null> {
  const record = (await done((await store(SNAPSHOTS, 'readonly')).get(name))) as StoredSnapshot | undefined;
  if (!record) return null;
  try {
    return await unseal<T>(key, record.sealed);
  } catch {
    return null;
  }
}
