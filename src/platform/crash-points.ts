/**
 * Fault injection for the durability tests: with HMS_CRASH_AT set to a point's name, the process
 * kills itself (SIGKILL, as a power cut would) when it reaches that point. Unset in every real
 * deployment, where a point costs one string comparison.
 *
 * Points: `after-commit:<EventType>` once a unit of work that appended such an event has
 * committed; `reactor:<name>:before-checkpoint` once a reactor has handled a batch but before it
 * records having done so. With `uncaught:<point>` the process throws an uncaught exception there
 * instead (a bug's crash), which its last-resort handler must survive long enough to stop its
 * embedded PostgreSQL.
 */
const target = process.env.HMS_CRASH_AT?.trim() || null;

export function crashPoint(name: string): void {
  if (target !== null && target === name) {
    process.stderr.write(`crash point ${name}: killing the process\n`);
    process.kill(process.pid, 'SIGKILL');
  }
  if (target !== null && target === `uncaught:${name}`) {
    setImmediate(() => {
      throw new Error(`crash point ${name}: an uncaught exception`);
    });
  }
}
