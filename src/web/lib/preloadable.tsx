import { createElement, lazy, type ComponentType } from 'react';
import { waitingFor } from './pending-screens';

/**
 * A lazily loaded component that can be fetched before it is rendered, and that, once fetched,
 * renders at once; while a render waits for it, `pendingScreens()` counts it. React.lazy suspends on its first render even when its module is already there
 * (its answer comes a microtask later), and React 19 then holds the content back until 300 ms
 * after the nearest Suspense boundary last changed: each level of lazy screens (shell, page, a
 * part of the page) cost up to that again. `preload` fetches the module; a render after it has
 * come uses the component itself, with nothing to wait for.
 */
export function preloadable<P extends object>(load: () => Promise<{ default: ComponentType<P> }>) {
  let loaded: ComponentType<P> | null = null;
  let pending: Promise<unknown> | null = null;
  const preload = () => {
    pending ??= load().then(
      (m) => {
        loaded = m.default;
        return m;
      },
      (e: unknown) => {
        // Asked again next time (a chunk that failed to load, say offline), as React.lazy would.
        pending = null;
        throw e;
      },
    );
    return pending as Promise<{ default: ComponentType<P> }>;
  };
  const Lazy = lazy(preload);
  function Preloadable(props: P) {
    if (loaded) return createElement(loaded, props);
    // The render waits for the module: the shell's bar says so (a navigation keeps the old screen meanwhile).
    waitingFor(preload());
    return createElement(Lazy as ComponentType<P>, props);
  }
  return { Component: Preloadable, preload };
}
