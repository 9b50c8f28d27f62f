import { BaseSequencer, type TestSpecification } from 'vitest/node';

/**
 * Vitest's order runs the projects one after another by name, so every browser file would start
 * before any server file, three at a time on two cores. Spread the browser files (each a Chromium
 * workload and its own server) among the cheaper files instead, one in about every few, and over
 * the first three quarters of the run, so the long ones never make the tail. Within each project
 * vitest's own order stands (failed first, then slowest, or largest file first on a clean clone).
 */
export class SpreadBrowserSequencer extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const sorted = await super.sort(files);
    const browser = sorted.filter((f) => f.project.name === 'browser');
    const rest = sorted.filter((f) => f.project.name !== 'browser');
    if (!browser.length || !rest.length) return sorted;
    const span = Math.floor((browser.length + rest.length) * 0.75);
    const every = Math.max(1, span / browser.length);
    const out: TestSpecification[] = [];
    let b = 0;
    let r = 0;
    for (let i = 0; b < browser.length || r < rest.length; i++) {
      const browserTurn = b < browser.length && (i >= b * every || r >= rest.length);
      out.push(browserTurn ? browser[b++]! : rest[r++]!);
    }
    return out;
  }
}
