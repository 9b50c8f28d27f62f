import { act, render, screen } from '@testing-library/react';
import { useEffect } from 'react';
import { Outlet, Route, Routes } from 'react-router-dom';
import { beforeAll, describe, expect, it } from 'vitest';
import { sessionAtom, type SessionState } from '../lib/session';
import { guardRedirect, RedirectIfSignedIn, RequireSession, SessionIndexRedirect } from './guards';
import { ADMIN_USER, signedIn, STAFF_USER, withSession } from './testing/session-fixtures';

const routes = (
  <Routes>
    <Route path="/admin/login" element={<RedirectIfSignedIn only="admin">admin login form</RedirectIfSignedIn>} />
    <Route path="/user/login" element={<RedirectIfSignedIn>staff login form</RedirectIfSignedIn>} />
    <Route path="/onboarding" element={<RedirectIfSignedIn>onboarding wizard</RedirectIfSignedIn>} />
    <Route path="/admin" element={<SessionIndexRedirect area="admin" />} />
    <Route path="/user" element={<SessionIndexRedirect area="user" />} />
    <Route element={<RequireSession area="admin">{<Outlet />}</RequireSession>}>
      <Route path="/admin/dashboard" element={<p>admin dashboard</p>} />
      <Route path="/admin/users" element={<p>admin users</p>} />
    </Route>
    <Route element={<RequireSession area="user">{<Outlet />}</RequireSession>}>
      <Route path="/user/dashboard" element={<p>staff dashboard</p>} />
      <Route path="/doctor/patients" element={<p>doctor patients</p>} />
    </Route>
  </Routes>
);

// The guards load these lazily; loaded here first, a test that ends before one arrives leaves no import
// running into the next file's environment (a worker keeps its modules: it failed three files so once).
beforeAll(async () => {
  await Promise.all([import('./change-password-modal'), import('./inactivity-timeout')]);
});

function visit(session: SessionState, path: string) {
  const { store, ui } = withSession(session, path, routes);
  render(ui);
  return store;
}

const ANONYMOUS: SessionState = { status: 'anonymous' };
const path = () => screen.getByTestId('current-path').textContent;

describe('RequireSession', () => {
  it('shows a spinner while the stored token is still being resolved', () => {
    visit({ status: 'loading', kind: 'admin' }, '/admin/dashboard');
    expect(screen.getByRole('status')).toHaveTextContent('Loading...');
    expect(screen.queryByText('admin dashboard')).not.toBeInTheDocument();
    expect(path()).toBe('/admin/dashboard');
  });

  it.each([
    ['/admin/dashboard', '/admin/login', 'admin login form'],
    ['/admin/users', '/admin/login', 'admin login form'],
    ['/user/dashboard', '/user/login', 'staff login form'],
    ['/doctor/patients', '/user/login', 'staff login form'],
  ])('sends an anonymous visitor of %s to %s', (from, to, page) => {
    visit(ANONYMOUS, from);
    expect(path()).toBe(to);
    expect(screen.getByText(page)).toBeInTheDocument();
  });

  it('lets an admin into the admin area and a staff member into the staff area', () => {
    visit(signedIn(ADMIN_USER), '/admin/users');
    expect(screen.getByText('admin users')).toBeInTheDocument();
  });

  it('lets a staff member into the staff area', () => {
    visit(signedIn(STAFF_USER), '/doctor/patients');
    expect(screen.getByText('doctor patients')).toBeInTheDocument();
  });

  it('sends an admin on a /user path to /admin/dashboard', () => {
    visit(signedIn(ADMIN_USER), '/user/dashboard');
    expect(path()).toBe('/admin/dashboard');
    expect(screen.getByText('admin dashboard')).toBeInTheDocument();
  });

  it('sends a non-admin on an /admin path to /user/login, which forwards them to their dashboard', () => {
    expect(guardRedirect(signedIn(STAFF_USER), 'admin')).toBe('/user/login');
    visit(signedIn(STAFF_USER), '/admin/users');
    expect(path()).toBe('/user/dashboard');
    expect(screen.queryByText('admin users')).not.toBeInTheDocument();
  });

  it('sends the person to the login when the session ends (e.g. a 401 elsewhere)', () => {
    const store = visit(signedIn(ADMIN_USER), '/admin/dashboard');
    expect(screen.getByText('admin dashboard')).toBeInTheDocument();
    act(() => store.set(sessionAtom, ANONYMOUS));
    expect(path()).toBe('/admin/login');
  });

  it('shows nothing of the screen while the password must change, and mounts it once changed', () => {
    let mounts = 0;
    function Screen() {
      useEffect(() => {
        mounts++;
      }, []);
      return <p>staff dashboard</p>;
    }
    const user = { ...STAFF_USER, mustChangePassword: true };
    const { store, ui } = withSession(
      signedIn(user),
      '/user/dashboard',
      <Routes>
        <Route
          path="/user/dashboard"
          element={
            <RequireSession area="user">
              <Screen />
            </RequireSession>
          }
        />
      </Routes>,
    );
    render(ui);
    // The change form is all there is: the screen (and its data requests) waits for the change.
    expect(mounts).toBe(0);
    expect(screen.queryByText('staff dashboard')).not.toBeInTheDocument();
    act(() => store.set(sessionAtom, signedIn({ ...user, mustChangePassword: false })));
    expect(screen.getByText('staff dashboard')).toBeInTheDocument();
    expect(mounts).toBe(1);
  });
});

describe('RedirectIfSignedIn', () => {
  it.each([
    ['/onboarding', signedIn(ADMIN_USER), '/admin/dashboard'],
    ['/onboarding', signedIn(STAFF_USER), '/user/dashboard'],
    ['/user/login', signedIn(STAFF_USER), '/user/dashboard'],
    ['/user/login', signedIn(ADMIN_USER), '/admin/dashboard'],
    ['/admin/login', signedIn(ADMIN_USER), '/admin/dashboard'],
  ])('sends a signed-in person on %s to their dashboard', (from, session, to) => {
    visit(session, from);
    expect(path()).toBe(to);
  });

  it('shows the admin login to a signed-in staff member: only admins are redirected there', () => {
    visit(signedIn(STAFF_USER), '/admin/login');
    expect(path()).toBe('/admin/login');
    expect(screen.getByText('admin login form')).toBeInTheDocument();
  });

  it('shows the page to an anonymous visitor', () => {
    visit(ANONYMOUS, '/onboarding');
    expect(screen.getByText('onboarding wizard')).toBeInTheDocument();
  });
});

describe('SessionIndexRedirect', () => {
  it.each([
    ['/admin', ANONYMOUS, '/admin/login'],
    ['/admin', signedIn(ADMIN_USER), '/admin/dashboard'],
    ['/user', ANONYMOUS, '/user/login'],
    ['/user', signedIn(STAFF_USER), '/user/dashboard'],
    ['/user', signedIn(ADMIN_USER), '/admin/dashboard'],
  ])('sends %s to the right place', (from, session, to) => {
    visit(session, from);
    expect(path()).toBe(to);
  });
});

describe('the audit screens', () => {
  it('let admins and compliance officers in, send other staff away, and anonymous visitors to sign in', () => {
    const compliance = { ...STAFF_USER, role: 'compliance_officer', roleId: 7 };
    expect(guardRedirect(signedIn(ADMIN_USER), 'audit')).toBeNull();
    expect(guardRedirect(signedIn(compliance), 'audit')).toBeNull();
    expect(guardRedirect(signedIn(STAFF_USER), 'audit')).toBe('/user/login');
    expect(guardRedirect({ status: 'anonymous' }, 'audit')).toBe('/admin/login');
    // Everywhere else a compliance officer is staff.
    expect(guardRedirect(signedIn(compliance), 'admin')).toBe('/user/login');
  });
});
