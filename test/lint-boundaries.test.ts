import path from 'node:path';
import { Linter } from 'eslint';
import tseslint from 'typescript-eslint';
import { describe, expect, it } from 'vitest';
// @ts-expect-error -- a plain JavaScript ESLint rule without type declarations
import { boundaries } from '../scripts/eslint/boundaries.js';

/** Lints one import line as if it stood in `file` (relative to the repository root). */
function lint(file: string, importLine: string): string[] {
  const linter = new Linter({ configType: 'flat' });
  const messages = linter.verify(
    importLine,
    [
      {
        files: ['**/*.ts', '**/*.tsx'],
        languageOptions: { parser: tseslint.parser as Linter.Parser },
        plugins: { local: { rules: { boundaries } } },
        rules: { 'local/boundaries': 'error' },
      },
    ],
    path.resolve(file),
  );
  return messages.map((m) => m.message);
}

describe('the module boundary lint rule', () => {
  it("refuses a module importing another module's internals", () => {
    expect(lint('src/modules/staff/routes.ts', "import { x } from '../identity/passwords';")).toEqual([
      "Module 'staff' may import module 'identity' only through its index.ts",
    ]);
  });

  it("allows a module to import another module's index and its own files", () => {
    expect(lint('src/modules/staff/routes.ts', "import { x } from '../identity';")).toEqual([]);
    expect(lint('src/modules/staff/routes.ts', "import { x } from '../identity/index';")).toEqual([]);
    expect(lint('src/modules/staff/routes.ts', "import { x } from './decider';")).toEqual([]);
  });

  it('refuses a web feature importing another feature at all', () => {
    expect(lint('src/web/features/users/users-page.tsx', "import x from '../shell/app-shell';")).toEqual([
      "Web feature 'users' may not import feature 'shell'; compose them in src/web/app",
    ]);
    expect(lint('src/web/features/users/users-page.tsx', "import { y } from '../../components/button';")).toEqual([]);
  });
});
