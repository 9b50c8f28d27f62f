import type { Db } from '../../platform/db/database';
import type { SessionValidator, TokenClaims } from '../../platform/http/auth';
import { sessionForCheck } from './read-models/sessions';

type SessionCheckRow = NonNullable<Awaited<ReturnType<typeof sessionForCheck>>>;

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

export function createSessionValidator(db: Db, clock: () => Date): SessionValidator {
  return async (claims) => sessionIsOpen(await sessionForCheck(db, claims.sessionId), claims, clock());
}
