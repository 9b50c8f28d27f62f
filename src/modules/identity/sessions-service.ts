import { randomUUID } from 'node:crypto';
import { loadAggregate } from '../../platform/event-store/command-handler';
import type { EventMetadata } from '../../platform/event-store/port';
import { SESSION_HOURS, type AuthContext } from '../../platform/http/auth';
import type { Platform } from '../../platform/platform';
import { accountDecider, accountStream, type AdminAccountCreated } from './account';
import { ACCOUNTS_PROJECTION } from './read-models/accounts';
import { SESSIONS_PROJECTION } from './read-models/sessions';
import { sessionDecider, sessionStream, type SessionStarted } from './session';

/** The read models a caller waits for before answering with a token it just got from identity. */
export const IDENTITY_READ_MODELS = [ACCOUNTS_PROJECTION, SESSIONS_PROJECTION];

/**
 * Creates the onboarding admin's account (the hospitals module calls this when a registration
 * is verified). Idempotent for the same registration, so an interrupted verification can resume.
 */
export async function createAdminAccount(
  platform: Platform,
  account: AdminAccountCreated['data'],
  metadata: EventMetadata,
): Promise<void> {
  await platform.execute(
    accountDecider,
    accountStream(account.userId),
    { type: 'CreateAdminAccount', account },
    metadata,
  );
}

export async function adminAccountExists(platform: Platform, userId: string): Promise<boolean> {
  const { state } = await loadAggregate(
    platform.store,
    accountStream(userId),
    accountDecider.evolve,
    accountDecider.initialState,
  );
  return state.adminCreatedBy !== null;
}

export type StartedSession = { token: string; sessionId: string; expiresAt: string };

/**
 * Opens a session and signs its token. It expires SESSION_HOURS after `metadata.occurredAt`;
 * the answer waits until `readModels` (at least identity's) have it, so the token works at once.
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
  },
  metadata: EventMetadata,
  readModels: string[] = IDENTITY_READ_MODELS,
): Promise<StartedSession> {
  const sessionId = who.sessionId ?? randomUUID();
  const startedAt = metadata.occurredAt;
  const expiresAt = new Date(new Date(startedAt).getTime() + SESSION_HOURS * 3_600_000).toISOString();
  await platform.execute(
    sessionDecider,
    sessionStream(sessionId),
    {
      type: 'StartSession',
      session: {
        sessionId,
        userId: who.userId,
        hospitalId: who.hospitalId,
        role: who.role,
        via: who.via,
        startedAt,
        expiresAt,
      },
    },
    metadata,
    { readModels: [...new Set([...IDENTITY_READ_MODELS, ...readModels])] },
  );
  const token = await platform.tokens.sign(
    { userId: who.userId, hospitalId: who.hospitalId, role: who.role, name: who.name, sessionId },
    new Date(expiresAt),
  );
  return { token, sessionId, expiresAt };
}
