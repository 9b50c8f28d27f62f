import { useCallback, useEffect, useRef, useState } from 'react';

export type RemoteData<T> =
  | { status: 'loading'; data?: T; error?: undefined }
  | { status: 'error'; data?: T; error: Error }
  | { status: 'success'; data: T; error?: undefined };

/**
 * Loads data for a widget and reloads whenever `key` changes or `reload()` is called.
 * Answers that arrive after a newer request started are dropped (the signal is aborted),
 * so a slow old search never overwrites a newer one. While reloading, the previous data stays available.
 * `refresh()` reloads quietly (a live update): shown data stays shown, without a loading state,
 * and a failed refresh leaves it as it was.
 */
export function useRemoteData<T>(load: (signal: AbortSignal) => Promise<T>, key: string) {
  const [state, setState] = useState<RemoteData<T>>({ status: 'loading' });
  const [version, setVersion] = useState(0);
  const quiet = useRef(false);

  useEffect(() => {
    const controller = new AbortController();
    const silent = quiet.current;
    quiet.current = false;
    if (!silent) setState((previous) => ({ status: 'loading', data: previous.data }));
    load(controller.signal).then(
      (data) => {
        if (!controller.signal.aborted) setState({ status: 'success', data });
      },
      (error: unknown) => {
        if (controller.signal.aborted) return;
        setState((previous) =>
          silent && previous.status === 'success'
            ? previous
            : {
                status: 'error',
                data: previous.data,
                error: error instanceof Error ? error : new Error(String(error)),
              },
        );
      },
    );
    return () => controller.abort();
    // `load` is re-created every render; the caller's `key` says when the request really changes.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [key, version]);

  const reload = useCallback(() => setVersion((v) => v + 1), []);
  const refresh = useCallback(() => {
    quiet.current = true;
    setVersion((v) => v + 1);
  }, []);
  return { ...state, reload, refresh };
}
