import type { AppModule } from '../../platform/platform';
import { accountRoutes } from './account-routes';
import { sessionSocketsConsumer } from './live-sockets';
import { loginRoutes } from './login-routes';
import { accountsProjection } from './read-models/accounts';
import { sessionsProjection } from './read-models/sessions';
import { createSessionValidator } from './session-validator';

/**
 * Identity: login accounts, sign-in with lockout, sessions and their tokens. Onboarding admins
 * are created here (called by hospitals); staff accounts are projected from the staff module's
 * events. Other modules use only what this file exports.
 */
export type IdentityOptions = {
  /** The time sign-ins, lockouts and session expiry are judged by (tests move it forward). */
  clock?: () => Date;
};

export function createIdentityModule(options: IdentityOptions = {}): AppModule {
  const clock = options.clock ?? (() => new Date());
  return {
    name: 'identity',
    projections: [accountsProjection, sessionsProjection],
    liveConsumers: (platform) => [sessionSocketsConsumer(platform)],
    sessionValidator: (platform) => createSessionValidator(platform.db, clock),
    routes: (app, platform) => {
      loginRoutes(app, platform, clock);
      accountRoutes(app, platform, clock);
    },
  };
}

export const identityModule = createIdentityModule();

export { hashPassword, isCommonPassword, commonPasswordError, COMMON_PASSWORD } from './passwords';
export { createAdminAccount, adminAccountExists, startSession, IDENTITY_READ_MODELS } from './sessions-service';
export type { StartedSession } from './sessions-service';
export { ACCOUNTS_PROJECTION } from './read-models/accounts';
export { SESSIONS_PROJECTION } from './read-models/sessions';
export { ROLE_IDS, permissionsFor, DEFAULT_ACCESS_MATRIX } from './permissions';
export type {
  AccountEvent,
  AdminAccountCreated,
  LoginSucceeded,
  LoginFailed,
  AccountLocked,
  PasswordChanged,
} from './account';
export type { SessionEvent, SessionStarted, LoggedOut, SessionRevoked } from './session';
