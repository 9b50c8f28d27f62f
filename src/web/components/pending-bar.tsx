import { useEffect, useState, useSyncExternalStore } from 'react';
import { pendingScreens, subscribePendingScreens } from '../lib/pending-screens';
import styles from './pending-bar.module.css';

/** Shown only when the wait is long enough to notice: a screen fetched ahead arrives well within it. */
export const PENDING_BAR_DELAY_MS = 150;

/**
 * A thin bar along the top of the page while the next screen's code is on its way: a navigation keeps
 * the old screen on view until the new one can render, so without it a click seemed to do nothing.
 */
export function PendingBar() {
  const pending = useSyncExternalStore(subscribePendingScreens, pendingScreens, () => 0) > 0;
  const [shown, setShown] = useState(false);
  useEffect(() => {
    if (!pending) {
      setShown(false);
      return;
    }
    const timer = setTimeout(() => setShown(true), PENDING_BAR_DELAY_MS);
    return () => clearTimeout(timer);
  }, [pending]);
  if (!shown) return null;
  return <div className={styles.bar} role="progressbar" aria-label="Opening the next screen" />;
}
