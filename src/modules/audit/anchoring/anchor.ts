import type { Db } from '../../../platform/db/database';
import type { Logger } from '../../../platform/logger';
import type { Platform } from '../../../platform/platform';
import {
  CheckpointFile,
  loadSigningKey,
  signatureValid,
  signCheckpoint,
  type SignedCheckpoint,
  type SigningKey,
} from './checkpoint-file';
import { CHAIN_START, eventAt, hospitalsMoved, settledBound, walkChain, type ChainPoint } from './event-chain';

/**
 * Signs each hospital's chain head when it has moved: on a timer (AUDIT_CHECKPOINT_SECONDS), at a
 * clean shutdown, and when asked (`checkpointNow`, which tests call). A new checkpoint continues
 * from the hospital's previous one, hashing only the events added since, read from `events`.
 */
export class AuditAnchor {
  private readonly heads = new Map<string, ChainPoint>();
  /** Every transaction below this is covered by the checkpoints taken so far (null: not yet scanned). */
  private scannedBelow: string | null = null;
  private timer: NodeJS.Timeout | undefined;
  /** Hospitals whose last checkpoint was found in this database's feed (see `placed`). */
  private readonly located = new Set<string>();
  private running: Promise<SignedCheckpoint[]> | undefined;

  constructor(
    private readonly db: Db,
    readonly file: CheckpointFile,
    readonly key: SigningKey,
    private readonly log: Logger,
  ) {
    this.reload();
  }

  /**
   * Continues from the newest checkpoint this key signed for each hospital. Read again when this
   * server becomes the signer: with AUDIT_CHECKPOINT_DIR on shared storage, the previous signer
   * (another server) appended to the same file.
   */
  reload(): void {
    const torn = this.file.repairTornTail();
    if (torn !== null) this.log.warn({ fragment: torn }, 'cut a checkpoint line a crash left half-written');
    for (const { checkpoint: c } of this.file.read()) {
      if (!c || c.key !== this.key.id || !signatureValid(c, this.key.publicKey)) continue;
      if ((this.heads.get(c.hospitalId)?.seq ?? -1) < c.seq) {
        this.heads.set(c.hospitalId, c);
        this.located.delete(c.hospitalId);
      }
    }
    this.scannedBelow = null;
  }

  /** Signs the head of every hospital whose chain moved since its last checkpoint. */
  checkpointNow(): Promise<SignedCheckpoint[]> {
    // One at a time: two overlapping runs would sign the same head twice.
    const run = (this.running ?? Promise.resolve([])).then(
      () => this.take(),
      () => this.take(),
    );
    this.running = run;
    return run;
  }

  private async take(): Promise<SignedCheckpoint[]> {
    const below = await settledBound(this.db);
    const moved = await hospitalsMoved(this.db, this.scannedBelow, below);
    const at = new Date().toISOString();
    const signed: SignedCheckpoint[] = [];
    for (const hospitalId of moved) {
      const from = await this.placed(hospitalId);
      if (!from) continue;
      const head = await walkChain(this.db, hospitalId, from, () => true, { below });
      if (head.seq === from.seq) continue;
      signed.push(signCheckpoint({ hospitalId, ...pick(head), at, key: this.key.id }, this.key));
    }
    this.file.append(signed);
    for (const c of signed) this.heads.set(c.hospitalId, c);
    this.scannedBelow = below;
    return signed;
  }

  /**
   * Where the hospital's last checkpoint stands in this database's feed. A checkpoint names the feed
   * position of its last event, and a restored database (npm run restore) gave every event a new
   * one: the first time a hospital is signed for, its checkpoint's event is looked for where it
   * says, and if it is not there, found again by its entry number. One whose recomputed hash does not
   * match is not signed on from (null: logged; verify reports it): a new checkpoint would vouch for a
   * chain the old one contradicts.
   */
  private async placed(hospitalId: string): Promise<ChainPoint | null> {
    const from = this.heads.get(hospitalId) ?? CHAIN_START;
    if (from.seq === 0 || this.located.has(hospitalId)) return from;
    if (!(await eventAt(this.db, hospitalId, from))) {
      const found = await walkChain(this.db, hospitalId, CHAIN_START, (p) => p.seq < from.seq);
      if (found.seq !== from.seq || found.hash !== from.hash) {
        this.log.error({ hospitalId, seq: from.seq }, 'the last signed checkpoint does not match the chain');
        return null;
      }
      this.heads.set(hospitalId, { ...from, tx: found.tx, position: found.position });
    }
    this.located.add(hospitalId);
    return this.heads.get(hospitalId)!;
  }

  start(seconds: number): void {
    clearInterval(this.timer);
    if (seconds <= 0) return;
    this.timer = setInterval(() => {
      this.checkpointNow().catch((err: unknown) => this.log.error({ err }, 'audit checkpoint failed'));
    }, seconds * 1000);
    this.timer.unref();
  }

  /** Stops the timer and signs the final heads (a failure is logged: shutdown goes on). */
  async stop(): Promise<void> {
    clearInterval(this.timer);
    await this.checkpointNow().catch((err: unknown) => this.log.error({ err }, 'final audit checkpoint failed'));
  }
}

function pick(p: ChainPoint): ChainPoint {
  return { seq: p.seq, hash: p.hash, tx: p.tx, position: p.position };
}

const anchors = new WeakMap<Platform, AuditAnchor>();

/** The platform's anchor, or undefined when the events are not in PostgreSQL (no chain to sign). */
export function auditAnchorOf(platform: Platform): AuditAnchor | undefined {
  if (platform.store.name !== 'postgres') return undefined;
  let anchor = anchors.get(platform);
  if (!anchor) {
    const { dataDir, auditSigningKey, auditCheckpointDir } = platform.config;
    anchor = new AuditAnchor(
      platform.db,
      new CheckpointFile(dataDir, auditCheckpointDir),
      loadSigningKey(dataDir, auditSigningKey),
      platform.log.child({ component: 'audit-anchor' }),
    );
    anchors.set(platform, anchor);
  }
  return anchor;
}
