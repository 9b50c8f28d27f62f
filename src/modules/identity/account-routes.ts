import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import { errorEnvelope, ok, okMessage } from '../../platform/http/envelope';
import { BadRequest, Unauthorized } from '../../platform/http/errors';
import type { EventMetadata } from '../../platform/event-store/port';
import type { HttpApp, Platform } from '../../platform/platform';
import { accountDecider, accountStream, AccountIsLocked, minutesLocked } from './account';
import { commonPasswordError, hashPassword, verifyPassword } from './passwords';
import { ACCOUNTS_PROJECTION, findAccount, findAccountHospital } from './read-models/accounts';
import { SESSIONS_PROJECTION } from './read-models/sessions';
import { sessionDecider, sessionStream } from './session';
import { IDENTITY_READ_MODELS } from './sessions-service';
import { changePasswordErrors, CURRENT_PASSWORD_INCORRECT } from './sign-in-rules';
import { adminUser, adminUserSchema, hospitalSchema, staffUser, staffUserSchema } from './users';

const errors = { 400: errorEnvelope, 401: errorEnvelope, 403: errorEnvelope, 423: errorEnvelope, 429: errorEnvelope };
const bearer = [{ bearer: [] }];

const changePasswordBody = z.object({
  currentPassword: z.string().optional(),
  newPassword: z.string().optional(),
  confirmPassword: z.string().optional(),
});

/** The signed-in caller's account and hospital; the session check already vouched for both. */
async function callerAccount(platform: Platform, request: FastifyRequest) {
  const auth = request.auth!;
  const account = await findAccount(platform.db, auth.userId);
  if (!account || account.hospital_id !== auth.hospitalId)
    throw new Unauthorized('Session expired. Please login again.');
  return { auth, account, hospital: await findAccountHospital(platform.db, account.hospital_id) };
}

export function accountRoutes(app: HttpApp, platform: Platform, clock: () => Date) {
  const metadata = (request: FastifyRequest): EventMetadata => ({
    ...platform.metadataFor(request),
    occurredAt: clock().toISOString(),
  });

  app.get(
    '/admin/profile',
    {
      preHandler: platform.auth(['admin']),
      schema: {
        tags: ['identity'],
        summary: "The signed-in administrator's profile",
        security: bearer,
        response: { 200: ok(z.object({ admin: adminUserSchema })), ...errors },
      },
    },
    async (request) => {
      const { account, hospital } = await callerAccount(platform, request);
      return { success: true as const, data: { admin: adminUser(account, hospital, account.previous_login_at) } };
    },
  );

  app.get(
    '/auth/me',
    {
      preHandler: platform.auth(),
      schema: {
        tags: ['identity'],
        summary: 'The signed-in user',
        security: bearer,
        response: { 200: ok(z.object({ user: staffUserSchema, hospital: hospitalSchema.nullable() })), ...errors },
      },
    },
    async (request) => {
      const { account, hospital } = await callerAccount(platform, request);
      return {
        success: true as const,
        data: { user: staffUser(account, hospital, account.previous_login_at), hospital },
      };
    },
  );

  const changePassword = async (request: FastifyRequest) => {
    // Validated against changePasswordBody before the handler runs.
    const body = request.body as z.infer<typeof changePasswordBody>;
    const fieldErrors = changePasswordErrors(body, commonPasswordError);
    if (fieldErrors.length > 0) throw new BadRequest('Please check your input and try again', fieldErrors);
    const { auth, account } = await callerAccount(platform, request);
    const meta = metadata(request);
    const minutes = minutesLocked(account.locked_until, new Date(meta.occurredAt));
    if (minutes > 0) throw new AccountIsLocked(minutes);
    if (!(await verifyPassword(account.password_hash, body.currentPassword!))) {
      // Counted like a failed sign-in: a stolen session must not become a way to guess the password.
      await platform.execute(
        accountDecider,
        accountStream(account.user_id),
        { type: 'RecordLoginFailure', userId: account.user_id, reason: 'wrong_current_password', now: meta.occurredAt },
        meta,
        { readModels: [ACCOUNTS_PROJECTION], retries: 20 },
      );
      throw new BadRequest(CURRENT_PASSWORD_INCORRECT, [
        { field: 'currentPassword', message: CURRENT_PASSWORD_INCORRECT },
      ]);
    }
    const passwordHash = await hashPassword(body.newPassword!);
    await platform.execute(
      accountDecider,
      accountStream(account.user_id),
      {
        type: 'ChangePassword',
        userId: account.user_id,
        passwordHash,
        sessionId: auth.sessionId,
        now: meta.occurredAt,
      },
      meta,
      { readModels: IDENTITY_READ_MODELS, retries: 20 },
    );
    return { success: true as const, message: 'Password changed successfully!' };
  };

  const changeSchema = (summary: string) => ({
    tags: ['identity'],
    summary,
    security: bearer,
    body: changePasswordBody,
    response: { 200: okMessage, ...errors },
  });
  const changeLimit = { rateLimit: { max: 30, timeWindow: '1 minute' } };
  app.post(
    '/auth/change-password',
    { preHandler: platform.auth(), config: changeLimit, schema: changeSchema('Change own password') },
    changePassword,
  );
  app.post(
    '/admin/change-password',
    {
      preHandler: platform.auth(['admin']),
      config: changeLimit,
      schema: changeSchema("Change the administrator's password"),
    },
    changePassword,
  );

  const logout = async (request: FastifyRequest) => {
    const auth = request.auth!;
    await platform.execute(
      sessionDecider,
      sessionStream(auth.sessionId),
      { type: 'Logout', sessionId: auth.sessionId, userId: auth.userId, now: clock().toISOString() },
      metadata(request),
      { readModels: [SESSIONS_PROJECTION] },
    );
    return { success: true as const, message: 'Logged out successfully' };
  };
  const logoutSchema = (summary: string) => ({
    tags: ['identity'],
    summary,
    security: bearer,
    response: { 200: okMessage, ...errors },
  });
  app.post('/auth/logout', { preHandler: platform.auth(), schema: logoutSchema('End this session') }, logout);
  app.post(
    '/admin/logout',
    { preHandler: platform.auth(), schema: logoutSchema('End this administrator session') },
    logout,
  );
}
