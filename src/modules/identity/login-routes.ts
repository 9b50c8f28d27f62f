import { errorEnvelope } from '../../platform/http/envelope';
import { permissionsOf } from '../../platform/http/module-access';
import type { HttpApp, Platform } from '../../platform/platform';
import { signIn } from './commands/sign-in';
import { adminUser, staffUser } from './users';
import { adminLoginEndpoint, staffLoginEndpoint } from '../../shared/api/identity';

/**
 * Per-IP limit on sign-in. A whole clinic often shares one public address, so this only stops
 * floods; the per-account lockout is what stops password guessing.
 */
export const LOGIN_RATE_LIMIT = { max: 120, timeWindow: '1 minute' };

const errors = { 400: errorEnvelope, 401: errorEnvelope, 423: errorEnvelope, 429: errorEnvelope };

export function loginRoutes(app: HttpApp, platform: Platform, clock: () => Date) {
  app.post(
    adminLoginEndpoint.path,
    {
      config: { rateLimit: LOGIN_RATE_LIMIT },
      schema: {
        tags: ['identity'],
        summary: 'Administrator sign-in',
        body: adminLoginEndpoint.body,
        response: { 200: adminLoginEndpoint.response, ...errors },
      },
    },
    async (request) => {
      const s = await signIn(platform, clock, 'admin', request.body, request);
      const user = adminUser(s.account, s.hospital, s.previousLoginAt);
      return {
        success: true as const,
        message: `Welcome back, ${user.name}!`,
        token: s.token,
        user,
        data: { token: s.token, user },
      };
    },
  );

  app.post(
    staffLoginEndpoint.path,
    {
      config: { rateLimit: LOGIN_RATE_LIMIT },
      schema: {
        tags: ['identity'],
        summary: 'Staff sign-in',
        body: staffLoginEndpoint.body,
        response: { 200: staffLoginEndpoint.response, ...errors },
      },
    },
    async (request) => {
      const s = await signIn(platform, clock, 'staff', request.body, request);
      const permissions = await permissionsOf(platform.access, s.account.hospital_id, s.account.role);
      const user = staffUser(s.account, s.hospital, s.previousLoginAt, permissions);
      return {
        success: true as const,
        message: `Welcome back, ${user.fullName}!`,
        data: { token: s.token, user, hospital: s.hospital },
      };
    },
  );
}
