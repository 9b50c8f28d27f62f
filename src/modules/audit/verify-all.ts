import { sql } from 'kysely';
import type { Platform } from '../../platform/platform';
import { auditAnchorOf } from './anchoring/anchor';
import { verifyCheckpoints } from './anchoring/verify-checkpoints';
import { trailCaughtUp } from './caught-up';
import { trailLag, verifyChain, type TrailLag } from './verify';

export type HospitalVerification = {
  hospitalId: string;
  ok: boolean;
  checked: number;
  lag: TrailLag | null;
  /** What broke first, in words, when not ok. */
  problem: string | null;
};

/**
 * Every hospital's trail verified as `GET /api/audit/verify` does for one: the chain recomputed
 * from the stored events, the access log against its seals, the signed checkpoints, and the lag
 * behind the event log. For an
 * operator (after a restore, `npm run restore`), not for a hospital's users.
 */
export async function verifyEveryHospital(platform: Platform): Promise<HospitalVerification[]> {
  const head = await trailCaughtUp(platform);
  const { rows } = await sql<{ hospital_id: string }>`
    select distinct metadata->>'hospitalId' as hospital_id from events
     where coalesce(metadata->>'hospitalId', '') <> '' order by 1`.execute(platform.db);
  const anchor = auditAnchorOf(platform);
  const out: HospitalVerification[] = [];
  for (const { hospital_id: hospitalId } of rows) {
    const lag = head ? await trailLag(platform.db, hospitalId, head[1]) : null;
    const chain = await verifyChain(platform.db, hospitalId);
    const signed = anchor ? await verifyCheckpoints(platform.db, anchor, hospitalId) : null;
    const b = chain.ok ? null : chain.broken;
    const problem = b
      ? b.reason === 'reads' && b.seal
        ? `the seal at entry #${b.seq} no longer matches the access log (${b.seal.count} reads sealed, ${b.seal.found} found)`
        : `entry #${b.seq} (${b.eventType}) ${b.reason}`
      : signed?.broken
        ? `signed checkpoint on line ${signed.broken.line}: ${signed.broken.reason}`
        : lag && lag.behind > 0
          ? `${lag.behind} events not yet in the trail`
          : null;
    out.push({ hospitalId, ok: problem === null, checked: chain.checked, lag, problem });
  }
  return out;
}
