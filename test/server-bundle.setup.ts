import { mkdtempSync, rmSync, symlinkSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { build } from 'esbuild';
import type { TestProject } from 'vitest/node';

declare module 'vitest' {
  export interface ProvidedContext {
    /** `src/main.ts` and everything of ours it imports, in one file (test/helpers/server-process.ts). */
    serverBundle: string;
  }
}

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

type Shared = { users: number; ready: Promise<{ file: string; remove: () => void }> };
const SHARED = Symbol.for('hms.test.server-bundle');
const holder = globalThis as typeof globalThis & { [SHARED]?: Shared };

/**
 * The files that run the real server as its own process start it dozens of times a run. Under
 * `node --import tsx` each start compiles and loads some four hundred of our modules one by one (seconds
 * on this machine); the same code bundled once here by esbuild (tsx's own compiler) starts in a fraction
 * of that. The packages stay outside the bundle, loaded from node_modules as they are under tsx.
 *
 * The projects that list this set-up share the bundle: the first builds it, the last removes it.
 */
export default async function setup(project: TestProject) {
  const entry = (holder[SHARED] ??= { users: 0, ready: buildServerBundle() });
  entry.users++;
  const { file, remove } = await entry.ready;
  project.provide('serverBundle', file);
  return () => {
    if (--entry.users > 0) return;
    delete holder[SHARED];
    remove();
  };
}

async function buildServerBundle() {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'hms-test-server-'));
  const remove = () => rmSync(dir, { recursive: true, force: true });
  try {
    // The bundle's packages resolve from the project's node_modules, as src/main.ts's do.
    symlinkSync(path.join(ROOT, 'node_modules'), path.join(dir, 'node_modules'), 'dir');
    const file = path.join(dir, 'main.mjs');
    await build({
      entryPoints: [path.join(ROOT, 'src', 'main.ts')],
      outfile: file,
      bundle: true,
      packages: 'external',
      platform: 'node',
      format: 'esm',
      target: 'node20',
      logLevel: 'warning',
      plugins: [
        {
          // A module that finds files beside itself (src/app.ts finds the web build and the project
          // root) keeps its own location, not the bundle's.
          name: 'own-import-meta-url',
          setup(b) {
            b.onLoad({ filter: /\.ts$/ }, async ({ path: file }) => ({
              contents: (await readFile(file, 'utf8')).replaceAll(
                'import.meta.url',
                JSON.stringify(pathToFileURL(file).href),
              ),
              loader: 'ts',
            }));
          },
        },
      ],
    });
    return { file, remove };
  } catch (e) {
    remove();
    throw e;
  }
}
