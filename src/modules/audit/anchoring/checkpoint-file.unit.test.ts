import { appendFileSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { CheckpointFile, loadSigningKey, signCheckpoint, type Checkpoint } from './checkpoint-file';

const dirs: string[] = [];
afterEach(() => dirs.splice(0).forEach((d) => rmSync(d, { recursive: true, force: true })));

function fileWithKey() {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'hms-checkpoints-'));
  dirs.push(dir);
  return { file: new CheckpointFile(dir), key: loadSigningKey(dir, undefined) };
}

const head = (seq: number, key: string): Checkpoint => ({
  hospitalId: 'h-1',
  seq,
  hash: `hash-${seq}`,
  tx: '1',
  position: String(seq),
  at: '2026-11-26T02:00:00.000Z',
  key,
});

describe('the checkpoint file after a crash mid-write', () => {
  it('cuts the half-written last line, so the next checkpoint is a line of its own', () => {
    const { file, key } = fileWithKey();
    file.append([signCheckpoint(head(1, key.id), key)]);
    // A crash during the second append: part of its line reached the disk, without its newline.
    const whole = JSON.stringify(signCheckpoint(head(2, key.id), key));
    appendFileSync(file.path, whole.slice(0, 40));

    // Still being written (or torn): not a line yet, not tampering.
    expect(file.read().map((l) => l.checkpoint?.seq)).toEqual([1]);

    expect(file.repairTornTail()).toBe(whole.slice(0, 40));
    file.append([signCheckpoint(head(3, key.id), key)]);
    const lines = file.read();
    expect(lines.map((l) => l.checkpoint?.seq)).toEqual([1, 3]);
    expect(readFileSync(file.path, 'utf8').endsWith('\n')).toBe(true);
  });

  it('leaves a file of whole lines alone', () => {
    const { file, key } = fileWithKey();
    expect(file.repairTornTail()).toBeNull();
    file.append([signCheckpoint(head(1, key.id), key), signCheckpoint(head(2, key.id), key)]);
    const before = readFileSync(file.path, 'utf8');
    expect(file.repairTornTail()).toBeNull();
    expect(readFileSync(file.path, 'utf8')).toBe(before);
  });

  it('still reports a whole line altered in place as unreadable', () => {
    const { file, key } = fileWithKey();
    file.append([signCheckpoint(head(1, key.id), key)]);
    appendFileSync(file.path, 'not a checkpoint\n');
    expect(file.repairTornTail()).toBeNull();
    expect(file.read().map((l) => l.checkpoint?.seq ?? null)).toEqual([1, null]);
  });
});
