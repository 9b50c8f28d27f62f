import type { Db } from '../../../platform/db/database';
import type { AuditAnchor } from './anchor';
import { signatureValid, type SignedCheckpoint } from './checkpoint-file';
import { CHAIN_START, walkChain } from './event-chain';

/**
 * The first signed checkpoint that the events no longer give:
 * 'missing'   the chain recomputed from `events` is shorter than the checkpoint's entry count;
 * 'changed'   the recomputed hash after that many entries differs from the signed one;
 * 'signature' the line was altered, or signed by another key;
 * 'unreadable' the line is not a checkpoint at all.
 */
export type CheckpointBreak = {
  line: number;
  seq: number | null;
  hash: string | null;
  at: string | null;
  reason: 'missing' | 'changed' | 'signature' | 'unreadable';
  /** What the events give at that entry now (null when the chain is shorter). */
  found: string | null;
};

export type CheckpointVerification = {
  checkpoints: number;
  last: { seq: number; hash: string; at: string } | null;
  broken: CheckpointBreak | null;
};

/**
 * Checks a hospital's chain against every checkpoint signed for it: each signature, then one walk
 * over the hospital's events from the first entry, comparing the hash at each checkpoint's entry.
 * The walk ends at the newest checkpoint, so it costs no more than the signed part of the chain.
 */
export async function verifyCheckpoints(
  db: Db,
  anchor: AuditAnchor,
  hospitalId: string,
): Promise<CheckpointVerification> {
  const lines = anchor.file.read();
  const mine: { line: number; c: SignedCheckpoint }[] = [];
  for (const { line, checkpoint: c } of lines) {
    if (!c) {
      // Not attributable to a hospital: every hospital is told the file was tampered with.
      return {
        checkpoints: 0,
        last: null,
        broken: { line, seq: null, hash: null, at: null, reason: 'unreadable', found: null },
      };
    }
    if (c.hospitalId !== hospitalId) continue;
    if (c.key !== anchor.key.id || !signatureValid(c, anchor.key.publicKey)) {
      return {
        checkpoints: 0,
        last: null,
        broken: { line, seq: c.seq, hash: c.hash, at: c.at, reason: 'signature', found: null },
      };
    }
    mine.push({ line, c });
  }
  mine.sort((a, b) => a.c.seq - b.c.seq || a.line - b.line);
  const newest = mine[mine.length - 1]?.c;
  const last = newest ? { seq: newest.seq, hash: newest.hash, at: newest.at } : null;
  if (!newest) return { checkpoints: 0, last, broken: null };

  let next = 0;
  let broken: CheckpointBreak | null = null;
  const at = (c: SignedCheckpoint, line: number, reason: CheckpointBreak['reason'], found: string | null) => ({
    line,
    seq: c.seq,
    hash: c.hash,
    at: c.at,
    reason,
    found,
  });
  await walkChain(db, hospitalId, CHAIN_START, (point) => {
    while (next < mine.length && mine[next]!.c.seq === point.seq) {
      const { c, line } = mine[next]!;
      if (c.hash !== point.hash) {
        broken = at(c, line, 'changed', point.hash);
        return false;
      }
      next++;
    }
    return next < mine.length;
  });
  if (!broken && next < mine.length) broken = at(mine[next]!.c, mine[next]!.line, 'missing', null);
  return { checkpoints: mine.length, last, broken };
}
