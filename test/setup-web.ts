import '@testing-library/jest-dom/vitest';
import { cleanup } from '@testing-library/react';
import { afterEach } from 'vitest';
import { takeContractViolations } from '../src/web/lib/testing/fake-contracts';

afterEach(() => cleanup());

// A fake answer the server could never send fails the test that sent it (src/web/lib/testing/fake-contracts.ts).
afterEach(() => {
  const broken = takeContractViolations();
  if (broken.length > 0) throw new Error(broken.join('\n'));
});
