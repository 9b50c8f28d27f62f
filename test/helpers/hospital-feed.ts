import { randomUUID } from 'node:crypto';
import type { Pool } from 'pg';
import { random } from '../../scripts/demo-patients';
import { journey } from './hospital-feed-journey';
import { DRUGS, MEDICATIONS, STAFF, type Meta, type Row } from './hospital-feed-rows';
import { assignRevisions, commandsOf, insertCommands, insertRows, interleave } from './hospital-feed-sql';

/**
 * A hospital's feed as its commands would have written it, straight into the events table: each
 * patient's journey (registration, vitals, status changes, a consultation with prescriptions and
 * lab orders, the lab's work, dispensing from shared medication batches, the invoice, its payment
 * and receipt number, and RecordAccessed reads of the record and of lists), journeys of a
 * thousand patients interleaved as a day's work is. Every event's data is typed by its contract
 * (./hospital-feed-rows.ts); the journeys are ./hospital-feed-journey.ts and -visit.ts, the
 * writing ./hospital-feed-sql.ts.
 */
export type FeedOptions = {
  hospitalId: string;
  patients: number;
  events: number;
  seed: number;
  /**
   * `batched` (default): 5,000 events a commit, the quickest to write. `per-command`: each
   * command's events (1–3) in a commit of their own, as the live system writes them; the journeys
   * are then interleaved command by command. The audit trail shows one entry a commit, so only
   * this one gives it as many shown entries (and trigram index rows) as a live feed would.
   */
  commits?: 'batched' | 'per-command';
};

/** Fills the events table; returns how many events it wrote. `onChunk` after each thousand patients. */
export async function seedHospitalFeed(pool: Pool, o: FeedOptions, onChunk: (events: number) => void) {
  const rnd = random(o.seed);
  const start = Date.now() - 2 * 365 * 86_400_000;
  const span = 2 * 365 * 86_400_000;
  const meta: Meta = (actor, at, correlationId = randomUUID()) => ({
    hospitalId: o.hospitalId,
    actor: { ...STAFF[actor] },
    correlationId,
    causationId: correlationId,
    occurredAt: new Date(at).toISOString(),
  });
  // About 9.4 events a journey before reads; the reads bring the feed to `events`.
  const readsPerPatient = Math.max(0, o.events / o.patients - 9.4);
  const revisions = new Map<string, number>();
  const medications: Row[] = Array.from({ length: MEDICATIONS }, (_, m) => ({
    stream: `medication-bench-${m}`,
    type: 'MedicationStocked',
    data: {
      medicationId: `bench-${m}`,
      hospitalId: o.hospitalId,
      name: DRUGS[m % DRUGS.length]!,
      batchNumber: `B${m}`,
      vendor: 'Emzor',
      expiryDate: '2030-01-01',
      reorderLevel: 50,
      quantity: 100_000_000,
    },
    metadata: meta('pharmacist', start),
  }));
  let written = await insertRows(pool, assignRevisions(medications, revisions));
  const recent: string[] = [];
  for (let from = 0; from < o.patients; from += 1000) {
    const journeys: Row[][] = [];
    for (let n = from; n < Math.min(o.patients, from + 1000); n++) {
      const at = start + Math.floor((n / o.patients) * span);
      journeys.push(journey(rnd, n, at, o.hospitalId, meta, readsPerPatient, recent));
    }
    if (o.commits === 'per-command') {
      const commands = interleave(rnd, journeys.map(commandsOf));
      assignRevisions(commands.flat(), revisions);
      written += await insertCommands(pool, commands);
    } else {
      written += await insertRows(pool, assignRevisions(interleave(rnd, journeys), revisions));
    }
    onChunk(written);
  }
  return written;
}
