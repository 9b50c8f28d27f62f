import { useAtomValue } from 'jotai';
import { Suspense, type ReactNode } from 'react';
import { Navigate } from 'react-router-dom';
import { LoadingState } from '../components/states';
import { dashboardPathFor } from '../lib/auth-actions';
import { preloadable } from '../lib/preloadable';
import { sessionAtom, type SessionState } from '../lib/session';
import { paths } from './paths';
import styles from './guards.module.css';

// The signed-in screens' watchers (and the dialog code they bring) load with those screens, not
// with the landing and sign-in pages.
const { Component: InactivityTimeout, preload: loadInactivityTimeout } = preloadable<object>(() =>
  import('./inactivity-timeout').then((m) => ({ default: m.HospitalInactivityTimeout })),
);
const { Component: ChangePasswordModal, preload: loadChangePasswordModal } = preloadable<{ delayMs?: number }>(() =>
  import('./change-password-modal').then((m) => ({ default: m.ChangePasswordModal })),
);

/**
 * The guard's own lazy parts, fetched with the shell (router.tsx): the first signed-in render then
 * has nothing to wait for, where a part still on its way held the screen's first commit back.
 */
export function preloadGuardParts(): Promise<unknown> {
  return Promise.all([loadInactivityTimeout(), loadChangePasswordModal()]);
}

/** 'audit': the audit screens, shared by admins and compliance officers (issue 10). */
type Area = 'admin' | 'user' | 'audit';

export const AUDIT_ROLES: readonly string[] = ['admin', 'compliance_officer'];

/**
 * Where a guarded area sends this session (product-spec-1 §4): null lets it in. Anonymous
 * visitors go to their area's login; an admin on a staff path goes to the admin dashboard; a
 * non-admin on an admin path goes to the staff login (which forwards them to their dashboard).
 */
export function guardRedirect(session: SessionState, area: Area): string | null {
  if (session.status === 'loading') return null;
  if (session.status === 'anonymous') return area === 'user' ? paths.userLogin : paths.adminLogin;
  const isAdmin = session.user.role === 'admin';
  if (area === 'audit') return AUDIT_ROLES.includes(session.user.role) ? null : paths.userLogin;
  if (area === 'user' && isAdmin) return paths.admin.dashboard;
  if (area === 'admin' && !isAdmin) return paths.userLogin;
  return null;
}

/** The signed-in screens: spinner while the token resolves, redirects, then the inactivity and password rules. */
export function RequireSession({ area, children }: { area: Area; children: ReactNode }) {
  const session = useAtomValue(sessionAtom);
  if (session.status === 'loading') return <LoadingState fullPage />;
  const to = guardRedirect(session, area);
  if (to) return <Navigate to={to} replace />;
  // While the password must change (a temporary password, or an admin's first login) the change
  // form is all there is: the screen behind it is not mounted, so it makes no data request (the
  // server answers them 403 for a temporary password) and no dialog of it can be open underneath.
  // Once changed, the screen mounts and loads its data.
  const due = session.status === 'signed-in' && session.user.mustChangePassword;
  return (
    <>
      {due ? <div className={styles.waiting} data-testid="password-change-backdrop" /> : children}
      <Suspense fallback={null}>
        <InactivityTimeout />
        <ChangePasswordModal />
      </Suspense>
    </>
  );
}

/**
 * Login and onboarding pages: a signed-in person goes to their dashboard. With only="admin"
 * (the admin login) only an admin is sent on; a staff member may still see the admin form.
 */
export function RedirectIfSignedIn({ only, children }: { only?: 'admin'; children: ReactNode }) {
  const session = useAtomValue(sessionAtom);
  if (session.status === 'loading') return <LoadingState fullPage />;
  if (session.status === 'signed-in' && (!only || session.user.role === only)) {
    return <Navigate to={dashboardPathFor(session.user)} replace />;
  }
  return <>{children}</>;
}

/** /admin and /user: the dashboard when allowed in, else the guard's redirect. */
export function SessionIndexRedirect({ area }: { area: Exclude<Area, 'audit'> }) {
  const session = useAtomValue(sessionAtom);
  if (session.status === 'loading') return <LoadingState fullPage />;
  const to = guardRedirect(session, area) ?? (area === 'user' ? paths.user.dashboard : paths.admin.dashboard);
  return <Navigate to={to} replace />;
}
