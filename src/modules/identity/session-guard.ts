import type { Db } from '../../platform/db/database';
import type { RecordedEvent } from '../../platform/event-store/port';
import type { IdleTimeouts, SessionStatus, SessionValidator, TokenClaims } from '../../platform/http/auth';
import type { FeedConsumerRef } from '../../platform/projections/projection';
import type { LiveConsumer } from '../../platform/projections/runner';
import { sessionForCheck, touchSession } from './read-models/sessions';

type SessionCheckRow = NonNullable<Awaited<ReturnType<typeof sessionForCheck>>>;

/** The guard's live consumer, for commands that must see their change in force before answering. */
export const SESSION_GUARD: FeedConsumerRef = { name: 'identity-session-guard' };
/**
 * How long such a command waits for the guard (the runner's default is 2 s). A password change
 * answered before the guard has seen it leaves this process's cached session saying "temporary
 * password", and the person's next request is refused; on a loaded server the guard can be
 * seconds behind, so the command waits longer rather than answer before its change is in force.
 */
export const SESSION_GUARD_WAIT_MS = 15_000;

const TTL_MS = 60_000;
const MAX_ENTRIES = 50_000;
/** A session's last use is written at most this often (per session and process). */
export const TOUCH_WRITE_MS = 30_000;

/**
 * Whether a token's session is still good: it exists and matches the token, is neither ended
 * nor expired, still belongs to its account's current credential epoch (no password change,
 * re-invitation, role change or deactivation since it began), its account is active and not
 * deleted and still has the token's role, and its hospital is active.
 */
export function sessionIsOpen(row: SessionCheckRow | undefined, claims: TokenClaims, now: Date): boolean {
  if (!row) return false;
  return (
    row.user_id === claims.userId &&
    row.hospital_id === claims.hospitalId &&
    row.account_hospital_id === claims.hospitalId &&
    row.role === claims.role &&
    row.revoked_at === null &&
    row.session_epoch === row.credential_epoch &&
    new Date(row.expires_at).getTime() > now.getTime() &&
    row.is_active &&
    !row.deleted &&
    row.hospital_status === 'active'
  );
}

/** When the session was last used, as far as this process knows: its start at the latest. */
export function lastUse(row: SessionCheckRow, seenHere: number | undefined): number {
  return Math.max(
    new Date(row.started_at).getTime(),
    row.last_seen_at ? new Date(row.last_seen_at).getTime() : 0,
    seenHere ?? 0,
  );
}

/**
 * The session check every authenticated request runs, cached: a session's row is read once and
 * kept up to a minute, and dropped as soon as an event that can change the answer reaches this
 * process (logout, revocation, password change, a disabled or changed account, a suspended
 * hospital). Expiry is judged on every request. A read that started before such an event is not
 * cached (the generation check), so a stale answer cannot outlive the event that made it stale.
 *
 * Idle time-out (sliding): a session unused for longer than its hospital's idle time-out is
 * closed. Each request that uses it moves its last use, kept in memory here and written to
 * `identity_session_activity` at most every TOUCH_WRITE_MS, so other processes see it; no event
 * is written (a last use is no business fact). Before refusing a session as idle on a cached
 * row, the row is read again, in case another process saw it used since.
 */
export class SessionGuard {
  private readonly cache = new Map<string, { row: SessionCheckRow; at: number }>();
  private readonly seen = new Map<string, { at: number; written: number }>();
  private generation = 0;

  constructor(
    private readonly db: Db,
    private readonly clock: () => Date,
    private readonly idle: IdleTimeouts,
  ) {}

  readonly validate: SessionValidator = async (claims, use = {}) => {
    const now = this.clock();
    const hit = this.cache.get(claims.sessionId);
    let row = hit && now.getTime() - hit.at < TTL_MS ? hit.row : await this.read(claims.sessionId, now);
    let status = await this.statusOf(row, claims, now);
    if (status === 'closed' && row && hit?.row === row && sessionIsOpen(row, claims, now)) {
      // Idle on a cached row: another process may have seen it used since.
      row = await this.read(claims.sessionId, now);
      status = await this.statusOf(row, claims, now);
    }
    if (status !== 'closed' && use.touch) await this.touch(claims.sessionId, now.getTime());
    return status;
  };

  private async read(sessionId: string, now: Date): Promise<SessionCheckRow | undefined> {
    const generation = this.generation;
    const row = await sessionForCheck(this.db, sessionId);
    if (row && generation === this.generation) {
      if (this.cache.size >= MAX_ENTRIES) this.cache.delete(this.cache.keys().next().value!);
      this.cache.set(sessionId, { row, at: now.getTime() });
    }
    return row;
  }

  private async statusOf(row: SessionCheckRow | undefined, claims: TokenClaims, now: Date): Promise<SessionStatus> {
    if (!row || !sessionIsOpen(row, claims, now)) return 'closed';
    const idleMs = (await this.idle.minutesOf(claims.hospitalId)) * 60_000;
    if (now.getTime() - lastUse(row, this.seen.get(claims.sessionId)?.at) > idleMs) return 'closed';
    return row.must_change_password ? 'password-change-required' : 'open';
  }

  private async touch(sessionId: string, at: number): Promise<void> {
    const mine = this.seen.get(sessionId);
    if (mine && at - mine.written < TOUCH_WRITE_MS) {
      mine.at = Math.max(mine.at, at);
      return;
    }
    if (!mine && this.seen.size >= MAX_ENTRIES) this.seen.delete(this.seen.keys().next().value!);
    this.seen.set(sessionId, { at, written: at });
    await touchSession(this.db, sessionId, new Date(at));
  }

  private drop(match: (sessionId: string, row: SessionCheckRow) => boolean): void {
    this.generation++;
    for (const [sessionId, { row }] of this.cache) if (match(sessionId, row)) this.cache.delete(sessionId);
  }

  /** The events that can change a session's answer (see `onEvent`). */
  static readonly TYPES = [
    'LoggedOut',
    'SessionRevoked',
    'PasswordChanged',
    'TemporaryPasswordIssued',
    'AccountDisabled',
    'AccountEnabled',
    'AccountClosed',
    'AccountProfileChanged',
    'TenantStatusChanged',
  ] as const;

  private onEvent(event: RecordedEvent): void {
    const d = event.data as { sessionId?: string; userId?: string; hospitalId?: string };
    switch (event.type) {
      case 'LoggedOut':
      case 'SessionRevoked':
        this.seen.delete(d.sessionId!);
        return this.drop((sessionId) => sessionId === d.sessionId);
      case 'PasswordChanged':
      case 'TemporaryPasswordIssued':
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
    return {
      name: SESSION_GUARD.name,
      types: SessionGuard.TYPES,
      handle: (events) => events.forEach((e) => this.onEvent(e)),
    };
  }
}
