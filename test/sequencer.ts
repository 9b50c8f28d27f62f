import { BaseSequencer, type TestSpecification } from 'vitest/node';

/**
 * The order of the projects within each group: the long files first, the many short ones last. The
 * first group holds the server and browser files, the second the ALONE files (one file) and the jsdom files.
 */
const PROJECT_ORDER = ['server', 'browser', 'server-alone', 'web'];

/**
 * Vitest's order runs the projects by name and, within each, failed files first, then the slowest (or
 * the largest on a clean clone). This keeps that order within a project but runs the projects as blocks
 * in PROJECT_ORDER, so that:
 * - a worker goes on from one file to the next of the same project without starting again (the projects
 *   are not isolated: a worker is reused only when the next file in the queue is of its project);
 * - the browser files, the longest, start after the static checks of `npm test` (which run beside the
 *   first minute or two of vitest) and two of them at most run at once;
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
