import { setPriority } from 'node:os';
import '@testing-library/jest-dom/vitest';
import { cleanup } from '@testing-library/react';
import { afterAll, afterEach } from 'vitest';
import { ATTENTION_REGION_ID } from '../src/web/lib/focus-first-invalid';
import { forgetOfflineKey } from '../src/web/lib/offline/crypto';
import { takeContractViolations } from '../src/web/lib/testing/fake-contracts';

// The jsdom files run beside the files that crash and restart servers against timed waits
// (vitest.config.ts): this worker takes the CPU they leave, never theirs.
setPriority(19);

afterEach(() => cleanup());

// A fake answer the server could never send fails the test that sent it (src/web/lib/testing/fake-contracts.ts).
afterEach(() => {
  const broken = takeContractViolations();
  if (broken.length > 0) throw new Error(broken.join('\n'));
});

// A worker runs file after file in one jsdom (isolate: false in vitest.config.ts): leave the next file
// the page a fresh one would have. The forms' live region is made on first use and found again by its id;
// the offline data key a sign-in unlocked is kept in the module (a password change re-wraps it).
afterAll(() => {
  document.getElementById(ATTENTION_REGION_ID)?.remove();
  forgetOfflineKey();
  localStorage.clear();
  sessionStorage.clear();
});
