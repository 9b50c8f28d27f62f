import '@testing-library/jest-dom/vitest';
import { cleanup } from '@testing-library/react';
import { afterAll, afterEach } from 'vitest';
import { ATTENTION_REGION_ID } from '../src/web/lib/focus-first-invalid';

afterEach(() => cleanup());

// A worker runs file after file in one jsdom (isolate: false in vitest.config.ts): leave the next file
// the page a fresh one would have. The forms' live region is made on first use and found again by its id.
afterAll(() => {
  document.getElementById(ATTENTION_REGION_ID)?.remove();
  localStorage.clear();
  sessionStorage.clear();
});
