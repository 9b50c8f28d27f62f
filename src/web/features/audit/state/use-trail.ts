import { useCallback, useEffect, useRef, useState } from 'react';
import { fetchTrailPage, type TrailEntry, type TrailFilters, type TrailKind } from '../api/trail-api';

type Page<T> = { entries: T[]; nextCursor: string | null };
export type PageLoader<T> = (cursor: string | null, signal?: AbortSignal) => Promise<Page<T>>;

export type PagedState<T> = {
  entries: T[];
  nextCursor: string | null;
  status: 'loading' | 'error' | 'success';
  /** A 'Load more' in flight (the rows already shown stay). */
  loadingMore: boolean;
  error: string | null;
};

export type TrailState = PagedState<TrailEntry>;

/** The trail for `filters` (its changes, its reads, or both), newest first. */
export function useTrail(filters: TrailFilters, key: string, kind?: TrailKind) {
  return usePaged<TrailEntry>(
    (cursor, signal) => fetchTrailPage(filters, cursor, signal, 50, kind),
    `${kind ?? 'all'}|${key}`,
  );
}

/**
 * Pages newest first: the first page, then one more per `loadMore()` (keyset). A change of `key`
 * starts again from the first page; answers to an older request are dropped.
 */
export function usePaged<T>(load: PageLoader<T>, key: string) {
  const [state, setState] = useState<PagedState<T>>({
    entries: [],
    nextCursor: null,
    status: 'loading',
    loadingMore: false,
    error: null,
  });
  const generation = useRef(0);
  const [reloads, setReloads] = useState(0);

  useEffect(() => {
    const mine = ++generation.current;
    const controller = new AbortController();
    setState((s) => ({ ...s, status: 'loading', error: null, loadingMore: false }));
    load(null, controller.signal).then(
      (page) => {
        if (generation.current === mine)
          setState({
            entries: page.entries,
            nextCursor: page.nextCursor,
            status: 'success',
            loadingMore: false,
            error: null,
          });
      },
      (e: unknown) => {
        if (generation.current === mine && !controller.signal.aborted)
          setState((s) => ({ ...s, status: 'error', error: e instanceof Error ? e.message : String(e) }));
      },
    );
    return () => controller.abort();
    // `load` is summarised by `key`.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [key, reloads]);

  const loadMore = useCallback(() => {
    const cursor = state.nextCursor;
    if (!cursor || state.loadingMore) return;
    const mine = generation.current;
    setState((s) => ({ ...s, loadingMore: true, error: null }));
    load(cursor).then(
      (page) => {
        if (generation.current === mine)
          setState((s) => ({
            ...s,
            entries: [...s.entries, ...page.entries],
            nextCursor: page.nextCursor,
            loadingMore: false,
          }));
      },
      (e: unknown) => {
        if (generation.current === mine)
          setState((s) => ({ ...s, loadingMore: false, error: e instanceof Error ? e.message : String(e) }));
      },
    );
  }, [load, state.nextCursor, state.loadingMore]);

  const reload = useCallback(() => setReloads((n) => n + 1), []);
  return { ...state, loadMore, reload };
}
