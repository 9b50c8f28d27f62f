import { createCipheriv, createDecipheriv, randomBytes, scryptSync } from 'node:crypto';
import { closeSync, createReadStream, createWriteStream, fstatSync, openSync, readSync } from 'node:fs';
import { createInterface } from 'node:readline';
import { PassThrough, Transform, type Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { createGunzip, createGzip } from 'node:zlib';

/**
 * A backup archive: one file of JSON lines, gzipped, optionally encrypted with a passphrase
 * (AES-256-GCM, key from scrypt; the file is then `HMSBAK1` + salt + iv + ciphertext + tag, and a
 * wrong passphrase or a changed byte fails the whole read). Lines, in order: the header, the
 * DATA_DIR files, each table (its columns, then its rows in batches), and `end` with the counts,
 * so a cut-off archive is told from a whole one.
 */
export type ArchiveLine =
  | { kind: 'header'; format: 'hms-backup'; version: 1; createdAt: string; migrations: string[]; note: string }
  | { kind: 'file'; path: string; base64: string }
  | { kind: 'table'; name: string; columns: string[] }
  | { kind: 'rows'; table: string; rows: unknown[][] }
  | { kind: 'end'; counts: Record<string, number> };

const MAGIC = Buffer.from('HMSBAK1');
const SALT = 16;
const IV = 12;
const TAG = 16;

const keyOf = (passphrase: string, salt: Buffer) =>
  scryptSync(passphrase, salt, 32, { N: 2 ** 15, maxmem: 64 * 2 ** 20 });

/** Writes `lines` to `file`; returns its size in bytes. */
export async function writeArchive(
  file: string,
  lines: AsyncIterable<ArchiveLine>,
  passphrase?: string,
): Promise<number> {
  const out = createWriteStream(file, { mode: 0o600 });
  const source = PassThrough.from(
    (async function* () {
      for await (const line of lines) yield `${JSON.stringify(line)}\n`;
    })(),
  );
  if (!passphrase) {
    await pipeline(source, createGzip(), out);
  } else {
    const salt = randomBytes(SALT);
    const iv = randomBytes(IV);
    const cipher = createCipheriv('aes-256-gcm', keyOf(passphrase, salt), iv);
    out.write(Buffer.concat([MAGIC, salt, iv]));
    // The tag goes last, once the cipher has seen everything.
    const withTag = new Transform({
      transform: (chunk, _enc, done) => done(null, chunk),
      flush: (done) => done(null, cipher.getAuthTag()),
    });
    await pipeline(source, createGzip(), cipher, withTag, out);
  }
  return fstatSizeOf(file);
}

function fstatSizeOf(file: string): number {
  const fd = openSync(file, 'r');
  try {
    return fstatSync(fd).size;
  } finally {
    closeSync(fd);
  }
}

/** Whether `file` is an encrypted archive (so `readArchive` needs the passphrase). */
export function isEncrypted(file: string): boolean {
  const fd = openSync(file, 'r');
  try {
    const head = Buffer.alloc(MAGIC.length);
    readSync(fd, head, 0, head.length, 0);
    return head.equals(MAGIC);
  } finally {
    closeSync(fd);
  }
}

/** The archive's lines, in order. Throws on a wrong passphrase, a changed byte, or a cut-off file. */
export async function* readArchive(file: string, passphrase?: string): AsyncGenerator<ArchiveLine> {
  let source: Readable;
  if (isEncrypted(file)) {
    if (!passphrase) throw new Error('this archive is encrypted: give its passphrase');
    const fd = openSync(file, 'r');
    const size = fstatSync(fd).size;
    const head = Buffer.alloc(MAGIC.length + SALT + IV);
    readSync(fd, head, 0, head.length, 0);
    const tag = Buffer.alloc(TAG);
    readSync(fd, tag, 0, TAG, size - TAG);
    closeSync(fd);
    const salt = head.subarray(MAGIC.length, MAGIC.length + SALT);
    const iv = head.subarray(MAGIC.length + SALT);
    const decipher = createDecipheriv('aes-256-gcm', keyOf(passphrase, salt), iv);
    decipher.setAuthTag(tag);
    source = createReadStream(file, { start: head.length, end: size - TAG - 1 }).pipe(decipher);
  } else {
    source = createReadStream(file);
  }
  const gunzip = source.pipe(createGunzip());
  source.on('error', (e) => gunzip.destroy(e));
  let ended = false;
  for await (const text of createInterface({ input: gunzip, crlfDelay: Infinity })) {
    if (!text) continue;
    const line = JSON.parse(text) as ArchiveLine;
    if (line.kind === 'end') ended = true;
    yield line;
  }
  if (!ended) throw new Error('the archive is cut off: it has no end line');
}
