/**
 * Whether the server can be reached (issue 25): the browser's navigator.onLine and its online/offline
 * events, corrected by what our own calls see — a fetch that fails for the network marks the app offline
 * even when the browser believes it is online (a captive Wi-Fi, a dead uplink), and any answer marks it
 * online again.
 */
type Listener = () => void;

const listeners = new Set<Listener>();
let reachable = typeof navigator === 'undefined' ? true : navigator.onLine;

function set(next: boolean): void {
  if (next === reachable) return;
  reachable = next;
  listeners.forEach((l) => l());
}

export function isOnline(): boolean {
  return reachable && (typeof navigator === 'undefined' || navigator.onLine);
}

/** A call failed for the network: the server is out of reach until something answers. */
export function reportNetworkFailure(): void {
  set(false);
}

/** The server answered (with any status). */
export function reportReachable(): void {
  set(true);
}

export function onConnectivityChange(listener: Listener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

if (typeof window !== 'undefined') {
  window.addEventListener('online', () => set(true));
  window.addEventListener('offline', () => set(false));
}
