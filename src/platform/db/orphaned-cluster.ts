import { existsSync, readFileSync, readdirSync, realpathSync, rmSync } from 'node:fs';
import path from 'node:path';
import type { Logger } from '../logger';

/**
 * Before the embedded cluster starts: what its last run left in `databaseDir/postmaster.pid`.
 * - No file: it stopped cleanly.
 * - A file naming a process that is gone: a crash; PostgreSQL replays its WAL on start (nothing to do).
 * - A file naming a postmaster of this very directory whose server died (SIGKILL, OOM) and left it
 *   running with no owner: it is stopped (SIGINT, then SIGQUIT, then SIGKILL with its children),
 *   so this start can take the directory over.
 * - A postmaster of this directory whose server is still running: refused, with a clear message.
 * - A file naming some other process (the PID was reused): stale, removed.
 * Linux only (it reads /proc); elsewhere PostgreSQL's own lock-file check stands.
 */
export async function clearOrphanedCluster(databaseDir: string, log: Logger): Promise<void> {
  const pidFile = path.join(databaseDir, 'postmaster.pid');
  if (!existsSync(pidFile) || !existsSync('/proc/self/stat')) return;
  const pid = Number(readFileSync(pidFile, 'utf8').split('\n')[0]);
  if (!Number.isInteger(pid) || pid <= 0 || !isAlive(pid)) {
    log.warn({ databaseDir }, 'the embedded PostgreSQL did not stop cleanly last time; it recovers as it starts');
    return;
  }
  if (!isPostmasterOf(pid, databaseDir)) {
    log.warn({ pid }, 'postmaster.pid names a process that is not this PostgreSQL; removing the stale file');
    rmSync(pidFile, { force: true });
    return;
  }
  const owner = parentOf(pid);
  if (owner !== null && owner !== 1 && owner !== process.pid && commandOf(owner).startsWith('node')) {
    throw new Error(
      `DATA_DIR is in use: its PostgreSQL (pid ${pid}) belongs to a running server (pid ${owner}). Stop that server first, or give this one another DATA_DIR.`,
    );
  }
  log.warn({ pid }, 'stopping the embedded PostgreSQL a crashed server left running');
  const children = childrenOf(pid);
  for (const [signal, ms] of [
    ['SIGINT', 5_000],
    ['SIGQUIT', 5_000],
  ] as const) {
    if (await signalAndWait([pid], signal, ms)) return;
    log.warn({ pid, signal }, 'the orphaned PostgreSQL did not stop; trying harder');
  }
  if (!(await signalAndWait([pid, ...children, ...childrenOf(pid)], 'SIGKILL', 10_000))) {
    throw new Error(`the orphaned PostgreSQL (pid ${pid}) of this DATA_DIR could not be stopped; stop it by hand`);
  }
}

async function signalAndWait(pids: number[], signal: NodeJS.Signals, ms: number): Promise<boolean> {
  for (const pid of pids) {
    try {
      process.kill(pid, signal);
    } catch {
      // Already gone.
    }
  }
  const deadline = Date.now() + ms;
  while (Date.now() < deadline) {
    if (!pids.some(isAlive)) return true;
    await new Promise((r) => setTimeout(r, 100));
  }
  return !pids.some(isAlive);
}

function statOf(pid: number): string[] | null {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // The command name (field 2) is in parentheses and may hold spaces: split after it.
    return stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  } catch {
    return null;
  }
}

/** Alive and not a zombie waiting for a parent to reap it. */
function isAlive(pid: number): boolean {
  const fields = statOf(pid);
  return fields !== null && fields[0] !== 'Z' && fields[0] !== 'X';
}

function parentOf(pid: number): number | null {
  const fields = statOf(pid);
  return fields ? Number(fields[1]) : null;
}

function commandOf(pid: number): string {
  try {
    return readFileSync(`/proc/${pid}/comm`, 'utf8').trim();
  } catch {
    return '';
  }
}

function childrenOf(pid: number): number[] {
  return readdirSync('/proc')
    .filter((d) => /^\d+$/.test(d))
    .map(Number)
    .filter((p) => parentOf(p) === pid);
}

/** A postgres process whose data directory (its working directory, or its -D) is `databaseDir`. */
function isPostmasterOf(pid: number, databaseDir: string): boolean {
  if (!commandOf(pid).startsWith('postgres')) return false;
  const want = realpathSync(databaseDir);
  try {
    if (realpathSync(`/proc/${pid}/cwd`) === want) return true;
  } catch {
    // Not readable: fall back to its arguments.
  }
  try {
    const args = readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0');
    const d = args.indexOf('-D');
    return d >= 0 && !!args[d + 1] && realpathSync(args[d + 1]!) === want;
  } catch {
    return false;
  }
}
