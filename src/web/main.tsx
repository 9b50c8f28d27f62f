// First: zod runs without eval (the page's CSP) before any schema, the shared contracts' too, is built.
import './lib/zod';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import './styles/tokens.css';
import { App } from './app/app';
import { preloadScreen } from './app/router';
import { askStoredSession } from './app/session-bootstrap';
import { installFormAttention } from './lib/focus-first-invalid';
import { registerServiceWorker } from './lib/service-worker-registration';

// Every form: after a refused submit, the first field that needs attention and how many do (issue 34).
installFormAttention();
// Who the stored token is, and the code of the screen at this address, asked for now rather than
// after the first render.
askStoredSession();
void preloadScreen();

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <App />
  </StrictMode>,
);

void registerServiceWorker();
