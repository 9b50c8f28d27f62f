import { useSetAtom, useStore } from 'jotai';
import { useCallback } from 'react';
import { useNavigate } from 'react-router-dom';
import { toast } from 'react-toastify';
import { paths } from '../app/paths';
import { api } from './api-client';
import { forgetOfflineSession } from './offline/kept-session';
import { sessionAtom, type SessionUser } from './session';
import { clearTokens, currentToken, writeToken, type SessionKind } from './session-storage';

export const LOGGED_OUT = 'Logged out successfully';

/** Where each kind of person signs in (product-spec-1 §4). */
export function loginPathFor(kind: SessionKind): string {
  return kind === 'admin' ? paths.adminLogin : paths.userLogin;
}

/** Every staff role lands on /user/dashboard, which renders the role's view. */
export function dashboardPathFor(user: Pick<SessionUser, 'role'>): string {
  return user.role === 'admin' ? paths.admin.dashboard : paths.user.dashboard;
}

/**
 * Starts a session: stores the token under its kind's key (one person per browser, so the other
 * key is cleared) and publishes the user. `firstLogin`: the session the onboarding verification
 * opened, the account's first (its answer carries no flag; the server's profile then says the same).
 */
export function useSignIn() {
  const setSession = useSetAtom(sessionAtom);
  return useCallback(
    (kind: SessionKind, token: string, user: SessionUser, options: { firstLogin?: boolean } = {}) => {
      clearTokens();
      writeToken(kind, token);
      const signedInUser = options.firstLogin ? { ...user, mustChangePassword: true } : user;
      setSession({ status: 'signed-in', kind, token, user: signedInUser });
    },
    [setSession],
  );
}

/**
 * Signs out: the local sign-out always happens (tokens cleared, session anonymous, toast, login
 * page with the history entry replaced so Back does not return to a signed-in screen); the server
 * is asked to revoke the session when a token was stored, and a failure there is only logged.
 */
export function useLogout(): () => Promise<void> {
  const store = useStore();
  const navigate = useNavigate();
  return useCallback(async () => {
    const session = store.get(sessionAtom);
    const stored = currentToken();
    const kind: SessionKind = stored?.kind ?? (session.status === 'anonymous' ? 'admin' : session.kind);
    // Anonymous first: a 401 from the logout call below must not read as "session expired".
    clearTokens();
    forgetOfflineSession();
    store.set(sessionAtom, { status: 'anonymous' });
    navigate(loginPathFor(kind), { replace: true });
    toast.success(LOGGED_OUT);
    if (!stored) return;
    try {
      await api.post(kind === 'admin' ? 'admin/logout' : 'auth/logout', {
        headers: { authorization: `Bearer ${stored.token}` },
      });
    } catch (error) {
      console.warn('Logout request failed; signed out locally', error);
    }
  }, [store, navigate]);
}
