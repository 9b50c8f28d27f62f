import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createStore, Provider } from 'jotai';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router-dom';
import { ToastContainer } from 'react-toastify';
import { afterEach, beforeEach } from 'vitest';
import { sessionAtom } from '../../../lib/session';
import { fakeApi, type FakeHandler } from '../../../lib/testing/fake-api';
import AdminLoginPage from '../admin-login-page';
import UserLoginPage from '../user-login-page';
import type { AdminUser } from '../../../../shared/api/identity';
import { adminSignedIn, staffSignedIn } from '../../../app/testing/identity-answers';

/** Both sign-in pages in a router and a fresh jotai store, with a fake network, for component tests. */
export function CurrentPath() {
  return <p data-testid="current-path">{useLocation().pathname}</p>;
}

/** The current test's user-event instance and fake network. */
export const login = {} as { user: ReturnType<typeof userEvent.setup>; api: ReturnType<typeof fakeApi> | undefined };

export function renderLogin(kind: 'admin' | 'user', routes: Record<string, FakeHandler> = {}) {
  login.api = fakeApi(routes);
  const store = createStore();
  store.set(sessionAtom, { status: 'anonymous' });
  const path = kind === 'admin' ? '/admin/login' : '/user/login';
  render(
    <Provider store={store}>
      <MemoryRouter initialEntries={[path]}>
        <Routes>
          <Route path="/admin/login" element={<AdminLoginPage />} />
          <Route path="/user/login" element={<UserLoginPage />} />
          <Route path="*" element={<CurrentPath />} />
        </Routes>
      </MemoryRouter>
      <ToastContainer />
    </Provider>,
  );
  return store;
}

export async function signIn(email: string, password: string) {
  if (email) await login.user.type(screen.getByLabelText('Email'), email);
  if (password) await login.user.type(screen.getByLabelText('Password', { selector: 'input' }), password);
  await login.user.click(screen.getByRole('button', { name: 'Sign In' }));
}

/** The form's own message (toasts are alerts too). */
export const failure = () => within(screen.getByRole('form')).findByRole('alert');

/** POST /api/admin/login's answer for Ngozi Okafor, as the server sends it. */
export const adminSignIn = (over: Partial<AdminUser> = {}) =>
  adminSignedIn('admin-jwt', { lastLoginAt: '2025-01-10T09:00:00.000Z', ...over });

/** POST /api/auth/login's answer for Tunde Bello, a pharmacist still on a generated password. */
export const staffSignIn = () =>
  staffSignedIn('user-jwt', {
    role: 'pharmacist',
    employeeId: 'EMP-0009',
    department: 'Pharmacy',
    permissions: [{ module: 'pharmacy', actions: ['read', 'write'] }],
    lastLogin: null,
    mustChangePassword: true,
  });

/** Registers the per-test set-up and clean-up of the harness. */
export function setUpLoginHarness() {
  beforeEach(() => {
    login.user = userEvent.setup({ delay: null });
  });
  afterEach(() => {
    login.api?.restore();
    login.api = undefined;
    localStorage.clear();
  });
}
