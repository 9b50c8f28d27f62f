import type { Db } from '../../platform/db/database';
import type { RecordedEvent } from '../../platform/event-store/port';
import type { SessionValidator, TokenClaims } from '../../platform/http/auth';
import type { FeedConsumerRef } from '../../platform/projections/projection';
import type { LiveConsumer } from '../../platform/projections/runner';
import { sessionForCheck } from './read-models/sessions';

type SessionCheckRow = NonNullable<Awaited<ReturnType<typeof sessionForCheck>>>;

/** The guard's live consumer, for commands that must see their change in force before answering. */
export const SESSION_GUARD: FeedConsumerRef = { name: 'identity-session-guard' };

const TTL_MS = 60_000;
const MAX_ENTRIES = 50_000;

/**
 * Whether a token's session is still good: it exists and matches the token, is neither ended
 * nor expired, its account is active and not deleted and still has the token's role (a role
 * change ends old tokens), and its hospital is active.
 */
export function sessionIsOpen(row: SessionCheckRow | undefined, claims: TokenClaims, now: Date): boolean {
  if (!row) return false;
  return (
    row.user_id === claims.userId &&
    row.hospital_id === claims.hospitalId &&
    row.account_hospital_id === claims.hospitalId &&
    row.role === claims.role &&
    row.revoked_at === null &&
    new Date(row.expires_at).getTime() > now.getTime() &&
    row.is_active &&
    !row.deleted &&
    row.hospital_status === 'active'
  );
}

/**
 * The session check every authenticated request runs, cached: a session's row is read once and
 * kept up to a minute, and dropped as soon as an event that can change the answer reaches this
 * process (logout, revocation, password change, a disabled or changed account, a suspended
 * hospital). Expiry is judged on every request. A read that started before such an event is not
 * cached (the generation check), so a stale answer cannot outlive the event that made it stale.
 */
export class SessionGuard {
  private readonly cache = new Map<string, { row: SessionCheckRow; at: number }>();
  private generation = 0;

  constructor(
    private readonly db: Db,
    private readonly clock: () => Date,
  ) {}

  readonly validate: SessionValidator = async (claims) => {
    const now = this.clock();
    const hit = this.cache.get(claims.sessionId);
    if (hit && now.getTime() - hit.at < TTL_MS) return sessionIsOpen(hit.row, claims, now);
    const generation = this.generation;
    const row = await sessionForCheck(this.db, claims.sessionId);
    if (row && generation === this.generation) {
      if (this.cache.size >= MAX_ENTRIES) this.cache.delete(this.cache.keys().next().value!);
      this.cache.set(claims.sessionId, { row, at: now.getTime() });
    }
    return sessionIsOpen(row, claims, now);
  };

  private drop(match: (sessionId: string, row: SessionCheckRow) => boolean): void {
    this.generation++;
    for (const [sessionId, { row }] of this.cache) if (match(sessionId, row)) this.cache.delete(sessionId);
  }

  private onEvent(event: RecordedEvent): void {
    const d = event.data as { sessionId?: string; userId?: string; hospitalId?: string };
    switch (event.type) {
      case 'LoggedOut':
      case 'SessionRevoked':
        return this.drop((sessionId) => sessionId === d.sessionId);
      case 'PasswordChanged':
      case 'AccountDisabled':
      case 'AccountEnabled':
      case 'AccountClosed':
      case 'AccountProfileChanged':
        return this.drop((_, row) => row.user_id === d.userId);
      case 'TenantStatusChanged':
        return this.drop((_, row) => row.hospital_id === d.hospitalId);
      default:
        return;
    }
  }

  consumer(): LiveConsumer {
    return { name: SESSION_GUARD.name, handle: (events) => events.forEach((e) => this.onEvent(e)) };
  }
}
