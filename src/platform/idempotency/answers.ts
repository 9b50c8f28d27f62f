import { setTimeout as sleep } from 'node:timers/promises';
import type { Generated } from 'kysely';
import type { Db } from '../db/database';
import type { EventStore } from '../event-store/port';
import { Conflict } from '../http/errors';
import { idempotencyStream, isKeyRunning } from './reservation';

declare module '../db/database' {
  interface Database {
    idempotency_answers: {
      hospital_id: string;
      key: string;
      fingerprint: string;
      status_code: number;
      body: string;
      recorded_at: Generated<Date>;
    };
  }
}

export type Answer = { statusCode: number; body: string };

export const KEY_REUSED = 'This Idempotency-Key was already used for a different request';

export class IdempotencyKeyReused extends Conflict {
  constructor(key: string) {
    super(KEY_REUSED, { code: 'IDEMPOTENCY_KEY_REUSED', details: { idempotencyKey: key } });
  }
}

/** The key's first request committed but has not answered yet (or its process stopped before it could). */
export class IdempotentRequestInProgress extends Conflict {
  constructor() {
    super('The first request with this Idempotency-Key is still being processed. Please try again shortly.', {
      code: 'IDEMPOTENCY_IN_PROGRESS',
    });
  }
}

/** How long a resend waits for the answer of the first request with its key, which is still running. */
export const ANSWER_WAIT_MS = 10_000;
const POLL_MS = 25;

export async function recordAnswer(
  db: Db,
  hospitalId: string,
  key: string,
  fingerprint: string,
  answer: Answer,
): Promise<void> {
  await db
    .insertInto('idempotency_answers')
    .values({ hospital_id: hospitalId, key, fingerprint, status_code: answer.statusCode, body: answer.body })
    .onConflict((oc) => oc.doNothing())
    .execute();
}

export const ALREADY_APPLIED = 'This request was already applied';

/** The answer for a key whose first request committed but died before answering. */
async function orphanAnswer(
  db: Db,
  request: { hospitalId: string; key: string; fingerprint: string },
  appliedAt: string,
): Promise<Answer> {
  const body = JSON.stringify({
    success: true,
    message: ALREADY_APPLIED,
    data: { idempotencyKey: request.key, appliedAt },
  });
  await recordAnswer(db, request.hospitalId, request.key, request.fingerprint, { statusCode: 200, body });
  const kept = await storedAnswer(db, request.hospitalId, request.key);
  return kept ? { statusCode: kept.status_code, body: kept.body } : { statusCode: 200, body };
}

async function storedAnswer(db: Db, hospitalId: string, key: string) {
  return db
    .selectFrom('idempotency_answers')
    .select(['fingerprint', 'status_code', 'body'])
    .where('hospital_id', '=', hospitalId)
    .where('key', '=', key)
    .executeTakeFirst();
}

/**
 * The answer to give a request whose key was used before, or null when the key is free (the
 * request runs). The same key for a different request is refused (409); the same request whose
 * first send is still running waits for that one's answer, bounded by ANSWER_WAIT_MS.
 */
export async function earlierAnswer(
  db: Db,
  store: EventStore,
  request: { hospitalId: string; key: string; fingerprint: string },
): Promise<Answer | null> {
  const { hospitalId, key, fingerprint } = request;
  const answered = await storedAnswer(db, hospitalId, key);
  if (!answered) {
    const [reserved] = await store.readStreamTail(idempotencyStream(hospitalId, key), 1);
    if (!reserved) return null;
    if ((reserved.data as { fingerprint?: string }).fingerprint !== fingerprint) throw new IdempotencyKeyReused(key);
    // Committed, never answered, and no request holds it: its process stopped between the commit and the
    // answer (a power cut). The command was applied once; say so, and keep that answer for later resends.
    if (!isKeyRunning(hospitalId, key)) return orphanAnswer(db, request, reserved.recordedAt);
  }
  for (let waited = 0; ; waited += POLL_MS) {
    const row = answered ?? (await storedAnswer(db, hospitalId, key));
    if (row) {
      if (row.fingerprint !== fingerprint) throw new IdempotencyKeyReused(key);
      return { statusCode: row.status_code, body: row.body };
    }
    if (waited >= ANSWER_WAIT_MS) throw new IdempotentRequestInProgress();
    await sleep(POLL_MS);
  }
}
