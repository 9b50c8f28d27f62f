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
 * Decides whether a token's session is still open (not logged out, not revoked by a
 * deactivation, not expired). The identity module provides it.
 */
export type SessionValidator = (claims: TokenClaims) => Promise<boolean>;

declare module 'fastify' {
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

/** Resolves a token to an open session's claims, or null. */
export async function authenticateToken(
  token: string | null,
  tokens: TokenService,
  validate: SessionValidator,
): Promise<TokenClaims | null> {
  if (!token) return null;
  const claims = await tokens.verify(token);
  if (!claims) return null;
  return (await validate(claims)) ? claims : null;
}

/**
 * A preHandler that requires a signed-in caller with one of `roles` (any role when omitted).
 * 401 without a valid open session, 403 for a role that may not call the route.
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
    if (!claims || !(await validate()(claims))) {
      request.claimed = claims;
      throw new Unauthorized('Session expired. Please login again.');
    }
    request.claimed = claims;
    if (roles && !roles.includes(claims.role)) throw new Forbidden(forbiddenMessage);
    request.auth = claims;
  };
}
