import {
  createHash,
  createPrivateKey,
  createPublicKey,
  generateKeyPairSync,
  sign,
  verify,
  type KeyObject,
} from 'node:crypto';
import {
  closeSync,
  existsSync,
  fsyncSync,
  ftruncateSync,
  mkdirSync,
  openSync,
  readFileSync,
  writeFileSync,
  writeSync,
} from 'node:fs';
import path from 'node:path';
import { canonicalJson } from '../chain';

/**
 * Signed checkpoints of each hospital's chain head, kept outside the database (issue 21, item 8):
 * one JSON line each in DATA_DIR/audit/checkpoints.jsonl, appended (O_APPEND), never rewritten.
 * A line says "after `seq` entries, the hospital's chain hash was `hash`", signed with an Ed25519
 * key that the database never sees. Whoever holds the database alone can rewrite the events and
 * re-seal `audit_events`, but cannot make a recomputed chain match a signed head again.
 */
export type Checkpoint = {
  hospitalId: string;
  /** Entries in the chain up to this head (its sequence number, so also its count). */
  seq: number;
  hash: string;
  /** The feed position (transaction, position) of the head's event, where the next walk starts. */
  tx: string;
  position: string;
  at: string;
  /** Which key signed it: the first 16 hex digits of SHA-256 over its public key (SPKI DER). */
  key: string;
};

export type SignedCheckpoint = Checkpoint & { signature: string };

export type SigningKey = { privateKey: KeyObject; publicKey: KeyObject; id: string };

/** A line of the file as read: its number (from 1), and the checkpoint when it parses. */
export type FileLine = { line: number; checkpoint: SignedCheckpoint | null; raw: string };

export function keyId(publicKey: KeyObject): string {
  return createHash('sha256')
    .update(publicKey.export({ format: 'der', type: 'spki' }))
    .digest('hex')
    .slice(0, 16);
}

/**
 * The configured key, or the one kept in DATA_DIR/audit/signing-key.pem (made on first use, 0600);
 * its public half is written to DATA_DIR/audit/signing-key.pub.pem.
 */
export function loadSigningKey(dataDir: string, configured: KeyObject | undefined): SigningKey {
  let privateKey = configured;
  if (!privateKey) {
    const file = path.join(auditDir(dataDir), 'signing-key.pem');
    if (!existsSync(file)) {
      const pem = generateKeyPairSync('ed25519').privateKey.export({ format: 'pem', type: 'pkcs8' });
      writeFileSync(file, pem, { mode: 0o600, flag: 'wx' });
    }
    privateKey = createPrivateKeyFrom(readFileSync(file, 'utf8'));
  }
  const publicKey = createPublicKey(privateKey);
  // The public half beside the file, so anyone can check the checkpoints without the server.
  const publicFile = path.join(auditDir(dataDir), 'signing-key.pub.pem');
  const publicPem = publicKey.export({ format: 'pem', type: 'spki' }).toString();
  if (!existsSync(publicFile) || readFileSync(publicFile, 'utf8') !== publicPem) writeFileSync(publicFile, publicPem);
  return { privateKey, publicKey, id: keyId(publicKey) };
}

function createPrivateKeyFrom(pem: string): KeyObject {
  const key = createPrivateKey(pem);
  if (key.asymmetricKeyType !== 'ed25519') throw new Error('the audit signing key file is not an Ed25519 key');
  return key;
}

function auditDir(dataDir: string): string {
  const dir = path.join(dataDir, 'audit');
  mkdirSync(dir, { recursive: true, mode: 0o700 });
  return dir;
}

function signedText(c: Checkpoint): string {
  return canonicalJson({
    hospitalId: c.hospitalId,
    seq: c.seq,
    hash: c.hash,
    tx: c.tx,
    position: c.position,
    at: c.at,
    key: c.key,
  });
}

export function signCheckpoint(c: Checkpoint, key: SigningKey): SignedCheckpoint {
  return { ...c, signature: sign(null, Buffer.from(signedText(c)), key.privateKey).toString('base64') };
}

/** Whether the line was signed by this key and is unchanged since. */
export function signatureValid(c: SignedCheckpoint, publicKey: KeyObject): boolean {
  try {
    return verify(null, Buffer.from(signedText(c)), publicKey, Buffer.from(c.signature, 'base64'));
  } catch {
    return false;
  }
}

function parseLine(raw: string): SignedCheckpoint | null {
  try {
    const v = JSON.parse(raw) as Partial<SignedCheckpoint>;
    const strings = [v.hospitalId, v.hash, v.tx, v.position, v.at, v.key, v.signature];
    if (strings.some((s) => typeof s !== 'string') || !Number.isSafeInteger(v.seq)) return null;
    return v as SignedCheckpoint;
  } catch {
    return null;
  }
}

/** The append-only file of signed checkpoints. */
export class CheckpointFile {
  readonly path: string;

  /** In `checkpointDir` (AUDIT_CHECKPOINT_DIR, shared storage for several servers), else DATA_DIR/audit. */
  constructor(dataDir: string, checkpointDir?: string) {
    if (checkpointDir) mkdirSync(checkpointDir, { recursive: true, mode: 0o700 });
    this.path = path.join(checkpointDir ?? auditDir(dataDir), 'checkpoints.jsonl');
  }

  /** Appends the lines in one write, flushed to disk before it returns. */
  append(checkpoints: readonly SignedCheckpoint[]): void {
    if (checkpoints.length === 0) return;
    const fd = openSync(this.path, 'a', 0o600);
    try {
      writeSync(fd, checkpoints.map((c) => `${JSON.stringify(c)}\n`).join(''));
      fsyncSync(fd);
    } finally {
      closeSync(fd);
    }
  }

  /**
   * Cuts a last line that a crash left half-written (no newline: `append` writes whole lines and flushes
   * them before it returns, so such a line was never acknowledged). Without this the next append would be
   * glued to the fragment, and that line would read as tampering for good. Returns the fragment cut, if any.
   */
  repairTornTail(): string | null {
    if (!existsSync(this.path)) return null;
    const text = readFileSync(this.path);
    if (text.length === 0 || text[text.length - 1] === 0x0a) return null;
    const keep = text.lastIndexOf(0x0a) + 1;
    const fd = openSync(this.path, 'r+');
    try {
      ftruncateSync(fd, keep);
      fsyncSync(fd);
    } finally {
      closeSync(fd);
    }
    return text.subarray(keep).toString('utf8');
  }

  /** Every whole line; a last line still being written (no newline yet) is not a line yet. */
  read(): FileLine[] {
    if (!existsSync(this.path)) return [];
    const lines = readFileSync(this.path, 'utf8').split('\n');
    lines.pop();
    const out: FileLine[] = [];
    lines.forEach((raw, i) => {
      if (raw.trim() === '') return;
      out.push({ line: i + 1, checkpoint: parseLine(raw), raw });
    });
    return out;
  }
}
