import type { RecordedEvent } from '../../platform/event-store/port';
import type { Platform } from '../../platform/platform';
import type { LiveConsumer } from '../../platform/projections/runner';

export const ACCOUNT_DEACTIVATED_MESSAGE = 'Your account has been deactivated. Contact your administrator.';

/**
 * Ends the realtime side of a session as soon as its end is recorded: HTTP already refuses the
 * token (the session row), and this closes the sockets that were opened with it. Runs in every
 * server process, each closing its own sockets.
 */
export function sessionSocketsConsumer(platform: Platform): LiveConsumer {
  const handle = (event: RecordedEvent) => {
    const data = event.data as { sessionId?: string; userId?: string; role?: string };
    switch (event.type) {
      case 'LoggedOut':
        platform.realtime.disconnectSession(data.sessionId!, 'Logged out');
        return;
      case 'SessionRevoked':
        platform.realtime.disconnectSession(data.sessionId!, 'Session ended');
        return;
      case 'PasswordChanged':
        platform.realtime.disconnectUser(data.userId!, 'Password changed', data.sessionId);
        return;
      case 'TemporaryPasswordIssued':
        // A re-invitation: the old password, and every session it opened, is void.
        platform.realtime.disconnectUser(data.userId!, 'Password reset');
        return;
      case 'AccountProfileChanged':
        platform.realtime.disconnectUserOfOtherRoles(data.userId!, data.role!, 'Role changed');
        return;
      case 'AccountDisabled':
        // Tell the user why before closing (the client shows 'Account deactivated: {message}').
        platform.realtime.publish(
          event.metadata.hospitalId,
          { type: 'account_deactivated', data: { message: ACCOUNT_DEACTIVATED_MESSAGE } },
          { userIds: [data.userId!], includeRestricted: true },
        );
        platform.realtime.disconnectUser(data.userId!, 'Account deactivated');
        return;
      default:
        return;
    }
  };
  return {
    name: 'identity-session-sockets',
    types: [
      'LoggedOut',
      'SessionRevoked',
      'PasswordChanged',
      'TemporaryPasswordIssued',
      'AccountProfileChanged',
      'AccountDisabled',
    ],
    handle: (events) => events.forEach(handle),
  };
}
