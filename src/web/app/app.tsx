import { Provider as JotaiProvider } from 'jotai';
import { RouterProvider } from 'react-router-dom';
import { ToastContainer } from 'react-toastify';
import { createRouter } from './router';
import { SessionBootstrap } from './session-bootstrap';
import toasts from './toasts.module.css';

const router = createRouter();

/** The nonce the server put in index.html for this page; react-toastify tags its stylesheet with it (CSP). */
const cspNonce = document.querySelector('meta[name="csp-nonce"]')?.getAttribute('content') ?? undefined;

export function App() {
  return (
    <JotaiProvider>
      <SessionBootstrap>
        <RouterProvider router={router} />
      </SessionBootstrap>
      {/* product-spec-1 §9: top-right, pause on hover and focus loss, Alt+T hotkey (the default); below the header. */}
      <ToastContainer
        className={toasts.container}
        position="top-right"
        autoClose={5000}
        pauseOnHover
        pauseOnFocusLoss
        newestOnTop
        nonce={cspNonce}
      />
    </JotaiProvider>
  );
}
