import type { Decider } from '../../platform/event-store/command-handler';
import { Unauthorized } from '../../platform/http/errors';
import type { SessionEvent, SessionStarted } from './events';

/**
 * The session aggregate, stream `session-<sessionId>`. A signed token names its session; the
 * token is honoured only while the session's read-model row says it is open (see
 * session-guard.ts), which is what lets logout and deactivation end a token at once.
 */

export type SessionState =
  | { status: 'none' }
  | { status: 'open'; sessionId: string; userId: string }
  | { status: 'ended'; sessionId: string; userId: string };

export const sessionStream = (sessionId: string) => `session-${sessionId}`;

export type StartSession = { type: 'StartSession'; session: SessionStarted['data'] };
export type Logout = { type: 'Logout'; sessionId: string; userId: string; now: string };
export type RevokeSession = { type: 'RevokeSession'; sessionId: string; reason: string; now: string };
export type SessionCommand = StartSession | Logout | RevokeSession;

export class SessionAlreadyStarted extends Error {
  constructor() {
    super('Session already started');
  }
}

export function evolveSession(state: SessionState, event: SessionEvent): SessionState {
  switch (event.type) {
    case 'SessionStarted':
      return { status: 'open', sessionId: event.data.sessionId, userId: event.data.userId };
    case 'LoggedOut':
    case 'SessionRevoked':
      return state.status === 'open' ? { ...state, status: 'ended' } : state;
    default:
      return state;
  }
}

export const sessionDecider: Decider<SessionCommand, SessionEvent, SessionState> = {
  initialState: () => ({ status: 'none' }),
  evolve: evolveSession,
  decide: (command, state) => {
    switch (command.type) {
      case 'StartSession':
        // Session ids are fresh UUIDs: a second start means a programming error, not a user's.
        if (state.status !== 'none') throw new SessionAlreadyStarted();
        return [{ type: 'SessionStarted', data: command.session }];
      case 'Logout':
        // The token names its own user; a mismatch is somebody else's token, treated as no session.
        if (state.status === 'none' || state.userId !== command.userId) {
          throw new Unauthorized('Session expired. Please login again.');
        }
        if (state.status === 'ended') return [];
        return [{ type: 'LoggedOut', data: { sessionId: command.sessionId, userId: command.userId, at: command.now } }];
      case 'RevokeSession':
        if (state.status !== 'open') return [];
        return [
          {
            type: 'SessionRevoked',
            data: { sessionId: command.sessionId, userId: state.userId, reason: command.reason, at: command.now },
          },
        ];
      default: {
        const never: never = command;
        throw new Error(`Unknown command ${(never as { type: string }).type}`);
      }
    }
  },
};
