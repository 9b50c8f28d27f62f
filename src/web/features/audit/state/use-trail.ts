import { useCallback, useEffect, useRef, useState } from 'react';
import { fetchTrailPage, type TrailEntry, type TrailFilters } from '../api/trail-api';

export type TrailState = {
  entries: TrailEntry[];
  nextCursor: string | null;
  status: 'loading' | 'error' | 'success';
  /** A 'Load more' in flight (the rows already shown stay). */
  loadingMore: boolean;
  error: string | null;
};

/**
 * The trail for `filters`, newest first: the first page, then one more per `loadMore()` (keyset).
 * A change of filters starts again from the first page; answers to an older request are dropped.
 */
export function useTrail(filters: TrailFilters, key: string) {
  const [state, setState] = useState<TrailState>({
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
    fetchTrailPage(filters, null, controller.signal).then(
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
    // `filters` is summarised by `key`.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [key, reloads]);

  const loadMore = useCallback(() => {
    const cursor = state.nextCursor;
    if (!cursor || state.loadingMore) return;
    const mine = generation.current;
    setState((s) => ({ ...s, loadingMore: true, error: null }));
    fetchTrailPage(filters, cursor).then(
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
  }, [filters, state.nextCursor, state.loadingMore]);

  const reload = useCallback(() => setReloads((n) => n + 1), []);
  return { ...state, loadMore, reload };
}
