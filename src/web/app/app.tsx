import { Provider as JotaiProvider, useAtomValue } from 'jotai';
import { lazy, Suspense, useEffect } from 'react';
import { RouterProvider } from 'react-router-dom';
import { ToastContainer } from 'react-toastify';
import { sessionAtom } from '../lib/session';
import { createRouter, preloadScreen } from './router';
import { OfflineSession } from './offline-session';
import { preloadOnIntent } from './preload-on-intent';
import { SessionBootstrap } from './session-bootstrap';
import toasts from './toasts.module.css';

const router = createRouter();
const LiveConnection = lazy(() => import('./live-connection'));
const navigate = (path: string) => void router.navigate(path, { replace: true });

/**
 * The realtime connection exists only while someone is signed in, one per tab, renewed with the
 * token. Not while the password must change: the change form is all there is then (issue 34), and
 * the bell's history would only be refused.
 */
function LiveWhenSignedIn() {
  const session = useAtomValue(sessionAtom);
  if (session.status !== 'signed-in' || session.user.mustChangePassword) return null;
  return (
    <Suspense fallback={null}>
      <LiveConnection key={session.token} token={session.token} navigate={navigate} />
    </Suspense>
  );
}

/** The nonce the server put in index.html for this page; react-toastify tags its stylesheet with it (CSP). */
const cspNonce = document.querySelector('meta[name="csp-nonce"]')?.getAttribute('content') ?? undefined;

export function App() {
  useEffect(() => preloadOnIntent(preloadScreen), []);
  return (
    <JotaiProvider>
      <SessionBootstrap preload={preloadScreen}>
        <RouterProvider router={router} />
        <LiveWhenSignedIn />
        <OfflineSession />
      </SessionBootstrap>
      {/*
        product-spec-1 §9: pause on hover and focus loss, Alt+T hotkey (the default). Bottom right rather
        than §9's top right: there they covered the page's own actions (issue 34).
      */}
      <ToastContainer
        className={toasts.container}
        position="bottom-right"
        autoClose={5000}
        pauseOnHover
        pauseOnFocusLoss
        newestOnTop
        nonce={cspNonce}
      />
    </JotaiProvider>
  );
}
