import { BaseSequencer, type TestSpecification } from 'vitest/node';

/**
 * The order of the projects within each group. The first group holds the browser and server files, the
 * second the ALONE files (one file) and the jsdom files.
 */
const PROJECT_ORDER = ['browser', 'server', 'server-alone', 'web'];

/**
 * Vitest's order runs the projects by name and, within each, failed files first, then the slowest (or
 * the largest on a clean clone). This keeps that order within a project but runs the projects as blocks
 * in PROJECT_ORDER, so that:
 * - a worker goes on from one file to the next of the same project without starting again (the projects
 *   are not isolated: a worker is reused only when the next file in the queue is of its project);
 * - the browser files come first, two at a time, beside the static checks of `npm test` (which run
 *   for the first minutes of vitest at the lowest priority): a browser file spends much of its time
 *   waiting on the screens and leaves a quarter of the CPU idle, which the checks take. The server files
 *   come after them and keep both cores busy on their own (beside them the checks found no idle CPU);
 * - in the second group, the one file of the `server-alone` project (the files that crash servers, one
 *   after the other) starts first and takes one worker; the jsdom files, short and many, take the other
 *   and fill both once it ends.
 */
export class SuiteSequencer extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const sorted = await super.sort(files);
    const rank = (f: TestSpecification) => {
      const i = PROJECT_ORDER.indexOf(f.project.name);
      return i === -1 ? PROJECT_ORDER.length : i;
    };
    const group = (f: TestSpecification) => f.project.config.sequence.groupOrder ?? 0;
    // Array.prototype.sort is stable: within a project vitest's own order stands.
    return sorted.sort((a, b) => group(a) - group(b) || rank(a) - rank(b));
  }
}
