/**
 * The screens (lazy code) a render is waiting for. A navigation renders the next screen in a transition,
 * so React keeps the old one on view while the next one's code arrives, with no sign of it; the shell's
 * bar (components/pending-bar.tsx) reads this to show that the next screen is on its way.
 */
const waiting = new Set<Promise<unknown>>();
const listeners = new Set<() => void>();

function changed() {
  // Never during a render: a render records what it waits for, the bar's state changes after it.
  queueMicrotask(() => listeners.forEach((l) => l()));
}

/** A render waits for `loading` (a screen's module): counted until it settles, once however often asked. */
export function waitingFor(loading: Promise<unknown>): void {
  if (waiting.has(loading)) return;
  waiting.add(loading);
  changed();
  const done = () => {
    waiting.delete(loading);
    changed();
  };
  loading.then(done, done);
}

export function subscribePendingScreens(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** How many screens' code a render is waiting for now. */
export function pendingScreens(): number {
  return waiting.size;
}
