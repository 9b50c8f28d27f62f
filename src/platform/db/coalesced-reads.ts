/**
 * Identical reads that arrive together share one query, without ever answering a caller from a
 * query that started before it asked.
 *
 * A read of a key with none running starts at once. One that arrives while a read of its key is
 * running waits for it to finish and then shares the next read, which every caller arriving in
 * the meantime joins. So each caller's answer comes from a query that began after the caller
 * arrived: a change committed before the request (the caller's own registration, say) is in it.
 * When every desk of a hospital refetches the same page after one live event, the database
 * answers it about once per round trip instead of once per screen.
 *
 * Callers must treat the shared value as read-only.
 */
export function coalescedReads<T>(): (key: string, read: () => Promise<T>) => Promise<T> {
  const keys = new Map<string, { running: Promise<T>; next: Promise<T> | null }>();

  const start = (key: string, read: () => Promise<T>): Promise<T> => {
    const running = read();
    const entry = { running, next: null as Promise<T> | null };
    keys.set(key, entry);
    const settled = () => {
      if (keys.get(key) === entry && entry.next === null) keys.delete(key);
    };
    running.then(settled, settled);
    return running;
  };

  return (key, read) => {
    const entry = keys.get(key);
    if (!entry) return start(key, read);
    entry.next ??= entry.running.then(
      () => start(key, read),
      () => start(key, read),
    );
    return entry.next;
  };
}
