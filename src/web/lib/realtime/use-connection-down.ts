import { useAtomValue } from 'jotai';
import { useEffect, useState } from 'react';
import { realtimeStatusAtom } from '../notifications';

/** How long the connection may be away before a screen says so: a page opening, or a quick reconnect, stays quiet. */
export const CONNECTION_GRACE_MS = 2000;

/**
 * Whether the real-time connection is down (product-spec-2 §2's 'Connection Issue' banner): not
 * connected for `graceMs` in a row. The status starts 'Disconnected' before the tab's connection
 * has even tried, and passes through 'Connecting' while it retries; neither should flash a warning.
 */
export function useConnectionDown(graceMs = CONNECTION_GRACE_MS): boolean {
  const connected = useAtomValue(realtimeStatusAtom) === 'Connected';
  // Each change between connected and not starts over (adjusted while rendering, so no stale frame shows).
  const [seen, setSeen] = useState({ connected, down: false });
  if (seen.connected !== connected) setSeen({ connected, down: false });
  useEffect(() => {
    if (connected) return;
    const timer = setTimeout(() => setSeen({ connected: false, down: true }), graceMs);
    return () => clearTimeout(timer);
  }, [connected, graceMs]);
  return !connected && seen.connected === connected && seen.down;
}
