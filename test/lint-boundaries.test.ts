import path from 'node:path';
import { Linter } from 'eslint';
import tseslint from 'typescript-eslint';
import { describe, expect, it } from 'vitest';
// @ts-expect-error -- a plain JavaScript ESLint rule without type declarations
import { boundaries, cyclePath, moduleGraph } from '../scripts/eslint/boundaries.js';

/** Lints one import line as if it stood in `file` (relative to the repository root). */
function lint(file: string, importLine: string, graph?: Record<string, string[]>): string[] {
  const linter = new Linter({ configType: 'flat' });
  const messages = linter.verify(
    importLine,
    [
      {
        files: ['**/*.ts', '**/*.tsx'],
        languageOptions: { parser: tseslint.parser as Linter.Parser },
        plugins: { local: { rules: { boundaries } } },
        rules: { 'local/boundaries': graph ? ['error', { graph }] : 'error' },
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

  it('refuses an import that closes a cycle between modules, naming the cycle', () => {
    // staff already depends on identity: identity importing staff would close the loop.
    const graph = { staff: ['identity'], identity: [], billing: ['consultations'], consultations: ['patients'] };
    expect(lint('src/modules/identity/routes.ts', "import { x } from '../staff';", graph)).toEqual([
      "Module 'identity' may not import module 'staff': that makes a cycle (identity → staff → identity)",
    ]);
    expect(lint('src/modules/patients/routes.ts', "import { x } from '../billing';", graph)).toEqual([
      "Module 'patients' may not import module 'billing': that makes a cycle (patients → billing → consultations → patients)",
    ]);
    expect(lint('src/modules/billing/routes.ts', "import { x } from '../patients';", graph)).toEqual([]);
    // Tests compose modules freely.
    expect(lint('src/modules/identity/login.int.test.ts', "import { x } from '../staff';", graph)).toEqual([]);
  });

  it('finds no cycle among the real modules', () => {
    const graph = moduleGraph() as Map<string, Set<string>>;
    expect([...graph.keys()]).toEqual(expect.arrayContaining(['identity', 'hospitals', 'staff', 'patients']));
    for (const [name, deps] of graph) {
      for (const dep of deps) expect(cyclePath(graph, dep, name), `${name} → ${dep}`).toBeNull();
    }
    // identity is the leaf the others build on.
    expect([...graph.get('identity')!]).toEqual([]);
  });

  it('keeps the platform free of the migrations list, which the composition root hands in', () => {
    expect(lint('src/platform/db/migrator.ts', "import { migrations } from '../../../migrations';")).toEqual([
      'The platform may not import migrations/; the composition root (src/app.ts) hands the list in',
    ]);
    expect(lint('src/app.ts', "import { migrations } from '../migrations';")).toEqual([]);
  });

  it('keeps the platform free of modules', () => {
    expect(lint('src/platform/http/auth.ts', "import { x } from '../../modules/identity';")).toEqual([
      "The platform may not import module 'identity'; the composition root (src/app.ts) wires modules",
    ]);
    expect(lint('src/app.ts', "import { x } from './modules/identity';")).toEqual([]);
  });

  it('lets the browser import only its own code and src/shared', () => {
    expect(lint('src/web/lib/roles.ts', "import { x } from '../../shared/roles';")).toEqual([]);
    expect(lint('src/web/lib/roles.ts', "import { x } from '../../platform/roles';")).toEqual([
      "The browser may import only src/web and src/shared, not 'src/platform/roles'",
    ]);
    expect(
      lint(
        'src/web/features/onboarding/validation.ts',
        "import { x } from '../../../modules/hospitals/registration-rules';",
      ),
    ).toEqual(["The browser may import only src/web and src/shared, not 'src/modules/hospitals/registration-rules'"]);
  });

  it('refuses a web feature importing another feature at all', () => {
    expect(lint('src/web/features/users/users-page.tsx', "import x from '../shell/app-shell';")).toEqual([
      "Web feature 'users' may not import feature 'shell'; compose them in src/web/app",
    ]);
    expect(lint('src/web/features/users/users-page.tsx', "import { y } from '../../components/button';")).toEqual([]);
  });
});
