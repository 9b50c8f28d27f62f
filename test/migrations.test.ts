import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { migrations } from '../migrations';
import { MIGRATION_NAMES_PER_MODULE } from './fixtures/migration-names-per-module';

const DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', 'migrations');
/** The folder's files that are not migrations: the list and the old names. */
const NOT_MIGRATIONS = ['index.ts', 'renamed.ts'];

/** What keeps `names` from being one sequence: `NNNN-kebab-words`, numbered 0001, 0002, … with none twice. */
function sequenceProblems(names: readonly string[]): string[] {
  const problems: string[] = [];
  const byNumber = new Map<number, string>();
  for (const name of names) {
    const m = /^(\d{4})-[a-z0-9]+(?:-[a-z0-9]+)*$/.exec(name);
    if (!m) problems.push(`${name} is not named NNNN-kebab-words`);
    else if (byNumber.has(Number(m[1]))) problems.push(`${name} has the number of ${byNumber.get(Number(m[1]))}`);
    else byNumber.set(Number(m[1]), name);
  }
  const numbers = [...byNumber.keys()].sort((a, b) => a - b);
  const gap = numbers.findIndex((n, i) => n !== i + 1);
  if (gap >= 0) {
    const next = String(gap + 1).padStart(4, '0');
    problems.push(`${byNumber.get(numbers[gap]!)} is out of sequence: the next number is ${next}`);
  }
  return problems;
}

/** What a source file imports by path rather than as a package: code that lives, and changes, elsewhere. */
function importsByPath(source: string): string[] {
  const specifiers = [...source.matchAll(/(?:\bfrom|\bimport|\brequire)\s*\(?\s*['"]([^'"]+)['"]/g)].map((m) => m[1]!);
  return specifiers.filter((s) => s.startsWith('.') || s.startsWith('/') || s.startsWith('src/'));
}

const files = readdirSync(DIR)
  .filter((f) => !NOT_MIGRATIONS.includes(f))
  .sort();
const names = files.map((f) => f.replace(/\.ts$/, ''));

describe('the migrations', () => {
  it('are numbered in one sequence, 0001 up, none twice: the number is the order they run in', () => {
    expect(files.filter((f) => !f.endsWith('.ts'))).toEqual([]);
    expect(sequenceProblems(names)).toEqual([]);
  });

  it('are each registered in migrations/index.ts under their file name, in the order they run', async () => {
    expect(Object.keys(migrations.byName)).toEqual(names);
    for (const name of names) {
      const file = (await import(path.join(DIR, `${name}.ts`))) as { up: unknown };
      expect(migrations.byName[name]?.up, name).toBe(file.up);
    }
  });

  it('import no code by path (src/modules or anywhere else): each keeps the code it ran with', () => {
    const offenders = files.flatMap((f) =>
      importsByPath(readFileSync(path.join(DIR, f), 'utf8')).map((s) => `${f} imports ${s}`),
    );
    expect(offenders).toEqual([]);
  });

  it('keep the order they ran in under the old numbers, each renamed once, words unchanged', () => {
    const { byName, renamed } = migrations;
    const old = MIGRATION_NAMES_PER_MODULE;
    // The order an older build ran them in (Kysely sorts the names), read through the map, is today's.
    expect([...old].sort()).toEqual(old);
    const now = (name: string) => (Object.hasOwn(renamed, name) ? renamed[name]! : name);
    expect(old.map(now)).toEqual(Object.keys(byName).slice(0, old.length));
    for (const [from, to] of Object.entries(renamed)) {
      expect(old, from).toContain(from);
      expect(Object.hasOwn(byName, from), `${from} is also a name now`).toBe(false);
      expect(to.slice(4), from).toBe(from.slice(4));
    }
    expect(new Set(Object.values(renamed)).size).toBe(Object.keys(renamed).length);
  });
});

describe('the checks on migrations', () => {
  it('find a number used twice, a gap, a number out of order and a name not in the pattern', () => {
    expect(sequenceProblems(['0001-platform-event-store', '0002-staff'])).toEqual([]);
    expect(sequenceProblems(['0001-a', '0002-consultations', '0002-notifications'])).toEqual([
      '0002-notifications has the number of 0002-consultations',
    ]);
    expect(sequenceProblems(['0001-a', '0002-b', '0901-hospitals'])).toEqual([
      '0901-hospitals is out of sequence: the next number is 0003',
    ]);
    expect(sequenceProblems(['0002-b', '0003-c'])).toEqual(['0002-b is out of sequence: the next number is 0001']);
    expect(sequenceProblems(['0001-a', '2-b', '0002-Upper'])).toEqual([
      '2-b is not named NNNN-kebab-words',
      '0002-Upper is not named NNNN-kebab-words',
    ]);
    // The numbers per module this replaced.
    expect(sequenceProblems(MIGRATION_NAMES_PER_MODULE)).toContain(
      '0300-notifications has the number of 0300-consultations-records',
    );
  });

  it('find an import of module code, relative or dynamic, and let packages through', () => {
    const source = [
      "import { sql, type Kysely } from 'kysely';",
      "import { createHash } from 'node:crypto';",
      "import { duplicateKeys } from '../src/modules/patients/duplicate-keys';",
      "export { x } from './shared-helper';",
      "const clinic = await import('../src/modules/patients/clinic-time');",
      '// a bulk import, a restore',
    ].join('\n');
    expect(importsByPath(source)).toEqual([
      '../src/modules/patients/duplicate-keys',
      './shared-helper',
      '../src/modules/patients/clinic-time',
    ]);
  });
});
