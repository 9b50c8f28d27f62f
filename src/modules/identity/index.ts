import type { AppModule, Platform } from '../../platform/platform';
import { accountRoutes } from './account-routes';
import { invitationsReactor } from './commands/invitations';
import { lockNoticesReactor } from './commands/lock-notices';
import { identityContracts } from './events';
import { sessionSocketsConsumer } from './live-sockets';
import { loginRoutes } from './login-routes';
import { accountsProjection } from './read-models/accounts';
import { sessionsProjection } from './read-models/sessions';
import { signInLocksProjection } from './read-models/sign-in-locks';
import { SessionGuard } from './session-guard';

/**
 * Identity: login accounts and their credentials, sign-in with lockout, sessions and their
 * tokens, and every account's email. It depends on no other module: the hospitals and staff
 * modules call the commands exported below (in their own units of work), and other modules use
 * only what this file exports.
 */
export type IdentityOptions = {
  /** The time sign-ins, lockouts and session expiry are judged by (tests move it forward). */
  clock?: () => Date;
};

export function createIdentityModule(options: IdentityOptions = {}): AppModule {
  const clock = options.clock ?? (() => new Date());
  // One guard per running application (tests run several in one process).
  const guards = new WeakMap<Platform, SessionGuard>();
  const guardFor = (platform: Platform) => {
    let guard = guards.get(platform);
    if (!guard) guards.set(platform, (guard = new SessionGuard(platform.db, clock, platform.idleTimeouts)));
    return guard;
  };
  return {
    name: 'identity',
    events: identityContracts,
    projections: [accountsProjection, sessionsProjection, signInLocksProjection],
    reactors: (platform) => [invitationsReactor(platform), lockNoticesReactor(platform)],
    liveConsumers: (platform) => [guardFor(platform).consumer(), sessionSocketsConsumer(platform)],
    sessionValidator: (platform) => guardFor(platform).validate,
    routes: (app, platform) => {
      loginRoutes(app, platform, clock);
      accountRoutes(app, platform, clock);
    },
  };
}

export const identityModule = createIdentityModule();

export { identityContracts } from './events';
export type * from './events';
export {
  isCommonPassword,
  commonPasswordError,
  passwordPolicyError,
  equalisePasswordWork,
  COMMON_PASSWORD,
  WEAK_PASSWORD,
} from './passwords';
export { startSession, type StartedSession } from './commands/sessions';
export {
  ACCOUNT_EMAIL_SCOPE,
  accountEmailHolder,
  claimAccountEmail,
  claimStaffEmail,
  stageAdminCredentials,
  provisionAdminAccount,
  provisionStaffAccount,
  changeStaffAccount,
  disableAccount,
  closeAccount,
  setTenantStatus,
  renameTenant,
  type StaffAccount,
} from './commands/accounts';
export { INVITATIONS, sendInvitation } from './commands/invitations';
export { SESSION_GUARD } from './session-guard';
export { accountsProjection as ACCOUNTS, sessionsProjection as SESSIONS } from './read-models/accounts-and-sessions';
export { accountExists, invitationStatus, lastSignIns, verificationSessionStarted } from './queries';
export { ROLE_IDS, permissionsFor } from './permissions';
