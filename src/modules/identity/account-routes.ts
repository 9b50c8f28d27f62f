import type { FastifyRequest } from 'fastify';
import { errorEnvelope } from '../../platform/http/envelope';
import { Unauthorized } from '../../platform/http/errors';
import { permissionsOf } from '../../platform/http/module-access';
import type { EventMetadata } from '../../platform/event-store/port';
import type { HttpApp, Platform } from '../../platform/platform';
import { changePassword, type ChangePasswordInput } from './commands/change-password';
import { logout } from './commands/sessions';
import { findAccount, findAccountHospital } from './read-models/accounts';
import { adminUser, staffUser } from './users';
import {
  adminChangePasswordEndpoint,
  adminLogoutEndpoint,
  adminProfileEndpoint,
  changePasswordEndpoint,
  logoutEndpoint,
  meEndpoint,
} from '../../shared/api/identity';

const errors = { 400: errorEnvelope, 401: errorEnvelope, 403: errorEnvelope, 423: errorEnvelope, 429: errorEnvelope };
const bearer = [{ bearer: [] }];

/** The signed-in caller's account and hospital; the session check already vouched for both. */
async function callerAccount(platform: Platform, request: FastifyRequest) {
  const auth = request.auth!;
  const account = await findAccount(platform.db, auth.userId);
  if (!account || account.hospital_id !== auth.hospitalId)
    throw new Unauthorized('Session expired. Please login again.');
  return { auth, account, hospital: await findAccountHospital(platform.db, account.hospital_id) };
}

/**
 * What a session still on its temporary password may do (issue 21): read its own profile, change
 * the password, sign out. Every other route answers it 403 (platform/http/auth.ts).
 */
const ownSession = { allowsPendingPasswordChange: true } as const;

export function accountRoutes(app: HttpApp, platform: Platform, clock: () => Date) {
  const metadata = (request: FastifyRequest): EventMetadata => ({
    ...platform.metadataFor(request),
    occurredAt: clock().toISOString(),
  });

  app.get(
    adminProfileEndpoint.path,
    {
      onRequest: platform.auth(['admin']),
      config: ownSession,
      schema: {
        tags: ['identity'],
        summary: "The signed-in administrator's profile",
        security: bearer,
        response: { 200: adminProfileEndpoint.response, ...errors },
      },
    },
    async (request) => {
      const { account, hospital } = await callerAccount(platform, request);
      return { success: true as const, data: { admin: adminUser(account, hospital, account.previous_login_at) } };
    },
  );

  app.get(
    meEndpoint.path,
    {
      onRequest: platform.auth(),
      config: ownSession,
      schema: {
        tags: ['identity'],
        summary: 'The signed-in user',
        security: bearer,
        response: { 200: meEndpoint.response, ...errors },
      },
    },
    async (request) => {
      const { account, hospital } = await callerAccount(platform, request);
      const permissions = await permissionsOf(platform.access, account.hospital_id, account.role);
      return {
        success: true as const,
        data: { user: staffUser(account, hospital, account.previous_login_at, permissions), hospital },
      };
    },
  );

  const changeOwnPassword = async (request: FastifyRequest) => {
    const { auth, account } = await callerAccount(platform, request);
    await changePassword(platform, auth, account, request.body as ChangePasswordInput, metadata(request));
    return { success: true as const, message: 'Password changed successfully!' };
  };

  const changeSchema = (e: typeof changePasswordEndpoint | typeof adminChangePasswordEndpoint, summary: string) => ({
    tags: ['identity'],
    summary,
    security: bearer,
    body: e.body,
    response: { 200: e.response, ...errors },
  });
  const changeLimit = { ...ownSession, rateLimit: { max: 30, timeWindow: '1 minute' } };
  app.post(
    changePasswordEndpoint.path,
    {
      onRequest: platform.auth(),
      config: changeLimit,
      schema: changeSchema(changePasswordEndpoint, 'Change own password'),
    },
    changeOwnPassword,
  );
  app.post(
    adminChangePasswordEndpoint.path,
    {
      onRequest: platform.auth(['admin']),
      config: changeLimit,
      schema: changeSchema(adminChangePasswordEndpoint, "Change the administrator's password"),
    },
    changeOwnPassword,
  );

  const endSession = async (request: FastifyRequest) => {
    await logout(platform, request.auth!, metadata(request));
    return { success: true as const, message: 'Logged out successfully' };
  };
  const logoutSchema = (e: typeof logoutEndpoint | typeof adminLogoutEndpoint, summary: string) => ({
    tags: ['identity'],
    summary,
    security: bearer,
    response: { 200: e.response, ...errors },
  });
  app.post(
    logoutEndpoint.path,
    { onRequest: platform.auth(), config: ownSession, schema: logoutSchema(logoutEndpoint, 'End this session') },
    endSession,
  );
  app.post(
    adminLogoutEndpoint.path,
    {
      onRequest: platform.auth(),
      config: ownSession,
      schema: logoutSchema(adminLogoutEndpoint, 'End this administrator session'),
    },
    endSession,
  );
}
