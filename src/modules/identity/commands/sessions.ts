import { randomUUID } from 'node:crypto';
import type { EventMetadata } from '../../../platform/event-store/port';
import { SESSION_HOURS, type AuthContext } from '../../../platform/http/auth';
import type { Platform } from '../../../platform/platform';
import { SESSION_GUARD, SESSION_GUARD_WAIT_MS } from '../session-guard';
import { sessionDecider, sessionStream } from '../session';
import type { SessionStarted } from '../events';
import { findAccount } from '../read-models/accounts';

export type StartedSession = { token: string; sessionId: string; expiresAt: string };

/**
 * Opens a session and signs its token. It expires SESSION_HOURS after `metadata.occurredAt`. The
 * sessions read model is inline, so the token works on the next request, in any process.
 */
export async function startSession(
  platform: Platform,
  who: {
    userId: string;
    hospitalId: string;
    role: AuthContext['role'];
    name: string;
    via: SessionStarted['data']['via'];
    sessionId?: string;
    /** The account's credential epoch the caller checked the password against; read when absent. */
    credentialEpoch?: number;
  },
  metadata: EventMetadata,
): Promise<StartedSession> {
  const sessionId = who.sessionId ?? randomUUID();
  const startedAt = metadata.occurredAt;
  const expiresAt = new Date(new Date(startedAt).getTime() + SESSION_HOURS * 3_600_000).toISOString();
  const { userId, hospitalId, role, via } = who;
  const credentialEpoch = who.credentialEpoch ?? (await findAccount(platform.db, userId))?.credential_epoch ?? 0;
  await platform.execute(
    sessionDecider,
    sessionStream(sessionId),
    {
      type: 'StartSession',
      session: { sessionId, userId, hospitalId, role, via, startedAt, expiresAt, credentialEpoch },
    },
    metadata,
    { isNew: true },
  );
  const token = await platform.tokens.sign(
    { userId, hospitalId, role, name: who.name, sessionId },
    new Date(expiresAt),
  );
  return { token, sessionId, expiresAt };
}

/** Ends the caller's session; the token stops working in this process before the answer. */
export async function logout(platform: Platform, auth: AuthContext, metadata: EventMetadata): Promise<void> {
  await platform.execute(
    sessionDecider,
    sessionStream(auth.sessionId),
    { type: 'Logout', sessionId: auth.sessionId, userId: auth.userId, now: metadata.occurredAt },
    metadata,
    { waitFor: [SESSION_GUARD], timeoutMs: SESSION_GUARD_WAIT_MS },
  );
}
