import { describe } from 'vitest';
import { ALONE } from './alone-files';

/**
 * The files that kill and restart real servers, cut PostgreSQL off, or start `npm start` on its
 * embedded database (test/alone-files.ts), one after the other in one worker: their waits are timed
 * against a core of their own, and two of them at once, or one beside a server file, failed now and
 * then. As one file they take one worker, while the run's other worker goes through the jsdom files,
 * which touch no database (vitest.config.ts). Each file's hooks stay within its own describe.
 */
for (const file of ALONE) {
  describe(file, async () => {
    await import(`../${file}`);
  });
}
