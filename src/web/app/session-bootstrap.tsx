import { useStore } from 'jotai';
import { useEffect, type ReactNode } from 'react';
import { toast } from 'react-toastify';
import { ApiError, onUnauthorized, request, SESSION_EXPIRED } from '../lib/api-client';
import { forgetOfflineSession, keptSessionUser } from '../lib/offline/kept-session';
import { sessionAtom } from '../lib/session';
import { ADMIN_TOKEN_KEY, clearTokens, currentToken, USER_TOKEN_KEY } from '../lib/session-storage';

/** Who the stored token is, asked before React's first render (see `askStoredSession`). */
let asked: { token: string; answer: Promise<unknown> } | null = null;

const sessionPath = (kind: 'admin' | 'user') => (kind === 'admin' ? 'admin/profile' : 'auth/me');

/**
 * Asks who the stored token is as soon as the app's code runs (main.tsx), before React has rendered
 * anything: asked from SessionBootstrap's effect, the question waited for the first render, a long
 * task on a slow or loaded phone. The effect takes this answer when its token is still the one stored.
 */
export function askStoredSession(): void {
  const stored = currentToken();
  if (!stored) return;
  const answer = request<unknown>(sessionPath(stored.kind));
  // Its failure is the effect's to handle; unhandled here it would be reported twice.
  answer.catch(() => undefined);
  asked = { token: stored.token, answer };
}

/**
 * Resolves the stored token into a session on load, and signs the person out when any
 * authenticated call answers 401 (the guards then send them to the right login).
 */
export function SessionBootstrap({
  children,
  preload,
}: {
  children: ReactNode;
  preload?: () => Promise<unknown> | void;
}) {
  const store = useStore();

  useEffect(() => {
    const stored = currentToken();
    if (!stored || store.get(sessionAtom).status !== 'loading') return;
    const controller = new AbortController();
    // The reader is loaded only when a token is stored (a first-time visitor never downloads it), and
    // while the question is on its way rather than before it is asked; the signed-in screen's code
    // is fetched meanwhile too (`preload`: the router's preloadScreen, given by the app).
    // The session is set once that code has come too: the screen then renders whole at once. Set
    // while a page's module was still on its way, the page suspended, and React 19 holds a revealed
    // Suspense boundary back until 300 ms after its fallback showed (bench:screens: the dashboards'
    // data requests waited ~300 ms with the main thread idle).
    const code = Promise.resolve(preload?.()).catch(() => undefined);
    // The question asked before the first render, once (a second mount asks again).
    const early = asked?.token === stored.token ? asked.answer : null;
    asked = null;
    const answer = early ?? request<unknown>(sessionPath(stored.kind), { signal: controller.signal });
    Promise.all([import('./session-loader'), answer, code])
      .then(([{ readSessionUser }, body]) => readSessionUser(stored.kind, body))
      .then(
        (user) => {
          if (controller.signal.aborted || currentToken()?.token !== stored.token) return;
          store.set(sessionAtom, { status: 'signed-in', kind: stored.kind, token: stored.token, user });
        },
        (error: unknown) => {
          if (controller.signal.aborted || currentToken()?.token !== stored.token) return;
          // No connection (issue 25): the person this tab holds the offline key for stays signed in.
          const kept = error instanceof ApiError && error.status === 0 ? keptSessionUser() : null;
          if (kept)
            return store.set(sessionAtom, { status: 'signed-in', kind: stored.kind, token: stored.token, user: kept });
          // A failure clears the token and signs out (product-spec-2 §4).
          clearTokens();
          store.set(sessionAtom, { status: 'anonymous' });
        },
      );
    // StrictMode mounts twice: the first load is abandoned, the second one wins.
    return () => controller.abort();
    // eslint-disable-next-line react-hooks/exhaustive-deps -- the preload is asked for once, on load
  }, [store]);

  useEffect(
    () =>
      onUnauthorized(() => {
        // Already signed out (e.g. the logout call itself): nothing more to say.
        if (store.get(sessionAtom).status === 'anonymous') return;
        clearTokens();
        // Pending commands stay sealed until the same person signs in again (issue 25).
        forgetOfflineSession();
        store.set(sessionAtom, { status: 'anonymous' });
        toast.error(SESSION_EXPIRED, { toastId: 'session-expired' });
      }),
    [store],
  );

  // Signing out in another tab removes the token there; follow it here.
  useEffect(() => {
    const onStorage = (event: StorageEvent) => {
      if (event.key !== null && event.key !== ADMIN_TOKEN_KEY && event.key !== USER_TOKEN_KEY) return;
      if (!currentToken() && store.get(sessionAtom).status === 'signed-in') {
        store.set(sessionAtom, { status: 'anonymous' });
      }
    };
    window.addEventListener('storage', onStorage);
    return () => window.removeEventListener('storage', onStorage);
  }, [store]);

  return <>{children}</>;
}
