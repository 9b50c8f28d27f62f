import { useAtomValue } from 'jotai';
import { useEffect } from 'react';
import { keepSessionUser } from '../lib/offline/kept-session';
import { offlineSnapshot, setOfflineOwner, syncNow } from '../lib/offline/offline-queue';
import { sessionAtom } from '../lib/session';

const RETRY_MS = 15_000;

/** Ties the offline queue to whoever is signed in, and retries sending while work waits (issue 25). */
export function OfflineSession() {
  const session = useAtomValue(sessionAtom);
  const user = session.status === 'signed-in' ? session.user : null;
  const userId = user?.id ?? null;
  const hospitalId = user?.hospital?.id ?? '';

  useEffect(() => {
    if (user) keepSessionUser(user);
  }, [user]);

  useEffect(() => {
    setOfflineOwner(userId ? { userId, hospitalId } : null);
  }, [userId, hospitalId]);

  useEffect(() => {
    if (!userId) return;
    // The browser's online event is the main trigger; this catches a server that comes back on its own.
    const timer = setInterval(() => {
      if (offlineSnapshot().count > 0) void syncNow();
    }, RETRY_MS);
    return () => clearInterval(timer);
  }, [userId]);

  return null;
}
