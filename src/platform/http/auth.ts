import { SignJWT, jwtVerify, errors as joseErrors } from 'jose';
import type { FastifyReply, FastifyRequest, preHandlerAsyncHookHandler } from 'fastify';
import type { Role } from '../event-store/port';
import { Forbidden, Unauthorized } from './errors';

export const SESSION_HOURS = 12;

/** Who is calling, taken from the signed token only (never from the body or path). */
export type AuthContext = {
  userId: string;
  role: Exclude<Role, 'system' | 'anonymous'>;
  hospitalId: string;
  sessionId: string;
  name: string;
};

export type TokenClaims = AuthContext;

/**
 * Where a token's session stands: `closed` (logged out, revoked, expired, idle too long),
 * `open`, or `password-change-required` (signed in with a temporary password: only the routes
 * that say `config: { allowsPendingPasswordChange: true }` answer it).
 */
export type SessionStatus = 'closed' | 'open' | 'password-change-required';

/**
 * Decides where a token's session stands. `touch`: this is a use of the session (an HTTP
 * request), which extends its idle time-out; a socket's periodic re-check is not. The identity
 * module provides it.
 */
export type SessionValidator = (claims: TokenClaims, use?: { touch?: boolean }) => Promise<SessionStatus>;

/** The 403 of a session whose temporary password is still to be changed, on any other route. */
export const PASSWORD_CHANGE_REQUIRED = 'Please change your temporary password before continuing.';

/** The idle time-out each hospital chose (Settings); the hospitals module provides it. */
export type IdleTimeouts = { minutesOf: (hospitalId: string) => Promise<number> };
export const DEFAULT_IDLE_MINUTES = 10;
export const defaultIdleTimeouts: IdleTimeouts = { minutesOf: async () => DEFAULT_IDLE_MINUTES };

declare module 'fastify' {
  interface FastifyContextConfig {
    /** A session that must still change its temporary password may call this route. */
    allowsPendingPasswordChange?: boolean;
  }
  interface FastifyRequest {
    auth: AuthContext | null;
    /**
     * Who the caller proved to be, even when refused: set on a 403 (right person, wrong role) and
     * on a 401 whose signed token names a session that is closed. The access trail reads it.
     */
    claimed: AuthContext | null;
  }
}

/** Verified tokens kept so a signature is checked once per token, not once per request. */
const VERIFIED_CACHE_SIZE = 20_000;

export class TokenService {
  private readonly key: Uint8Array;
  private readonly verified = new Map<string, { claims: TokenClaims; expiresAt: number }>();
  constructor(secret: string) {
    this.key = new TextEncoder().encode(secret);
  }

  async sign(claims: TokenClaims, expiresAt: Date): Promise<string> {
    return new SignJWT({ sid: claims.sessionId, role: claims.role, hid: claims.hospitalId, name: claims.name })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject(claims.userId)
      .setIssuedAt()
      .setExpirationTime(Math.floor(expiresAt.getTime() / 1000))
      .sign(this.key);
  }

  /**
   * The claims of a valid, unexpired token; null for anything else. A token whose signature was
   * verified is remembered until it expires (bounded), so the HMAC runs once per token; whether
   * its session is still open is checked on every request all the same.
   */
  async verify(token: string): Promise<TokenClaims | null> {
    const hit = this.verified.get(token);
    if (hit) {
      if (hit.expiresAt > Date.now()) return hit.claims;
      this.verified.delete(token);
      return null;
    }
    try {
      const { payload } = await jwtVerify(token, this.key, { algorithms: ['HS256'] });
      const { sub, sid, role, hid, name, exp } = payload as Record<string, unknown>;
      if (typeof sub !== 'string' || typeof sid !== 'string' || typeof role !== 'string' || typeof hid !== 'string') {
        return null;
      }
      const claims: TokenClaims = {
        userId: sub,
        sessionId: sid,
        role: role as AuthContext['role'],
        hospitalId: hid,
        name: String(name ?? ''),
      };
      if (typeof exp === 'number') {
        if (this.verified.size >= VERIFIED_CACHE_SIZE) this.verified.delete(this.verified.keys().next().value!);
        this.verified.set(token, { claims, expiresAt: exp * 1000 });
      }
      return claims;
    } catch (e) {
      if (e instanceof joseErrors.JOSEError) return null;
      throw e;
    }
  }
}

export function bearerToken(request: FastifyRequest): string | null {
  const header = request.headers.authorization;
  if (!header) return null;
  const [scheme, token] = header.split(' ');
  return scheme?.toLowerCase() === 'bearer' && token ? token : null;
}

/**
 * Resolves a socket's token to its session's claims, or null when the session is closed.
 * `restricted`: the session must change its temporary password first (it receives nothing).
 * Checking a socket is not a use of the session: it does not extend the idle time-out.
 */
export async function authenticateToken(
  token: string | null,
  tokens: TokenService,
  validate: SessionValidator,
): Promise<{ claims: TokenClaims; restricted: boolean } | null> {
  if (!token) return null;
  const claims = await tokens.verify(token);
  if (!claims) return null;
  const status = await validate(claims, { touch: false });
  return status === 'closed' ? null : { claims, restricted: status === 'password-change-required' };
}

/**
 * A preHandler that requires a signed-in caller with one of `roles` (any role when omitted).
 * 401 without a valid open session, 403 for a role that may not call the route, and 403 for a
 * session still on its temporary password, except on the routes that allow it (own profile,
 * change password, sign out). Each request is a use of the session (sliding idle time-out).
 */
export function requireAuth(
  tokens: TokenService,
  validate: () => SessionValidator,
  roles?: readonly AuthContext['role'][],
  forbiddenMessage?: string,
): preHandlerAsyncHookHandler {
  return async function (request: FastifyRequest, _reply: FastifyReply) {
    const token = bearerToken(request);
    const claims = token ? await tokens.verify(token) : null;
    const status = claims ? await validate()(claims, { touch: true }) : 'closed';
    if (!claims || status === 'closed') {
      request.claimed = claims;
      throw new Unauthorized('Session expired. Please login again.');
    }
    request.claimed = claims;
    if (status === 'password-change-required' && !request.routeOptions.config?.allowsPendingPasswordChange) {
      throw new Forbidden(PASSWORD_CHANGE_REQUIRED, { code: 'PASSWORD_CHANGE_REQUIRED' });
    }
    if (roles && !roles.includes(claims.role)) throw new Forbidden(forbiddenMessage);
    request.auth = claims;
  };
}
