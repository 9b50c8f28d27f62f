import { screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { sessionAtom } from '../../lib/session';
import { readLoginAnswer } from './api/login-answer';
import {
  adminSignIn,
  failure,
  login,
  renderLogin,
  setUpLoginHarness,
  signIn,
  staffSignIn,
} from './testing/login-harness';

vi.setConfig({ testTimeout: 20_000 });

setUpLoginHarness();

describe('Admin Login', () => {
  it('shows the title, the authorized-personnel note and links to the staff login and onboarding', () => {
    renderLogin('admin');
    expect(screen.getByRole('heading', { level: 1, name: 'Admin Login' })).toBeInTheDocument();
    expect(screen.getByText(/Only authorized personnel may log in/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Staff Login' })).toHaveAttribute('href', '/user/login');
    expect(screen.getByRole('link', { name: 'Register your hospital' })).toHaveAttribute('href', '/onboarding');
  });

  it('validates the form before calling the server', async () => {
    renderLogin('admin');
    await login.user.click(screen.getByRole('button', { name: 'Sign In' }));
    expect(screen.getByLabelText('Email')).toHaveAccessibleDescription('Email is required');
    expect(screen.getByLabelText('Password', { selector: 'input' })).toHaveAccessibleDescription(
      'Password is required',
    );
    await signIn('ngozi@lagoon', 'abc');
    expect(screen.getByLabelText('Email')).toHaveAccessibleDescription('Please enter a valid email address');
    expect(screen.getByLabelText('Password', { selector: 'input' })).toHaveAccessibleDescription(
      'Password must be at least 6 characters',
    );
    expect(login.api!.calls).toEqual([]);
  });

  it('toggles the password between hidden and shown', async () => {
    renderLogin('admin');
    const input = screen.getByLabelText('Password', { selector: 'input' });
    expect(input).toHaveAttribute('type', 'password');
    await login.user.click(screen.getByRole('button', { name: 'Show password' }));
    expect(input).toHaveAttribute('type', 'text');
    await login.user.click(screen.getByRole('button', { name: 'Hide password' }));
    expect(input).toHaveAttribute('type', 'password');
  });

  it('stores the admin token, welcomes the admin back and opens the admin dashboard', async () => {
    const store = renderLogin('admin', { 'POST /admin/login': () => adminSignIn() });
    await signIn('ngozi@lagoon.ng', 'kola-nut-42');
    expect(await screen.findByTestId('current-path')).toHaveTextContent('/admin/dashboard');
    expect(await screen.findByText('Welcome back, Ngozi Okafor!')).toBeInTheDocument();
    expect(login.api!.calls[0]!.body).toEqual({ email: 'ngozi@lagoon.ng', password: 'kola-nut-42' });
    expect(localStorage.getItem('hms.adminToken')).toBe('admin-jwt');
    expect(localStorage.getItem('hms.userToken')).toBeNull();
    expect(store.get(sessionAtom)).toMatchObject({
      status: 'signed-in',
      kind: 'admin',
      user: { id: 'adm-1', role: 'admin', roleId: 0, mustChangePassword: false },
    });
  });

  it("takes the admin's first login from the server's mustChangePassword, not from this device", async () => {
    const store = renderLogin('admin', {
      'POST /admin/login': () => adminSignIn({ lastLoginAt: null, mustChangePassword: true }),
    });
    await signIn('ngozi@lagoon.ng', 'kola-nut-42');
    await screen.findByTestId('current-path');
    expect(store.get(sessionAtom)).toMatchObject({ status: 'signed-in', user: { mustChangePassword: true } });
    expect(localStorage.getItem('hms.passwordChangeDue.adm-1')).toBeNull();
  });

  it('does not force the change when the server says the first login is over, even with lastLoginAt null', async () => {
    const store = renderLogin('admin', {
      'POST /admin/login': () => adminSignIn({ lastLoginAt: null, mustChangePassword: false }),
    });
    await signIn('ngozi@lagoon.ng', 'kola-nut-42');
    await screen.findByTestId('current-path');
    expect(store.get(sessionAtom)).toMatchObject({ status: 'signed-in', user: { mustChangePassword: false } });
  });

  it.each([
    [423, 'Account locked. Try again in 15 minutes', 'Account locked. Try again in 15 minutes'],
    [401, 'Invalid email or password', 'Invalid email or password'],
    [401, 'Account inactive', 'Your account has been deactivated. Contact support.'],
    [401, 'Email not verified', 'Please verify your email address before logging in.'],
    [401, 'Hospital inactive', 'Hospital account is not active. Contact support.'],
    [400, 'Validation failed', 'Please check your input and try again'],
    [404, 'Not found', 'Login service is not available. Please try again later.'],
    [500, 'boom', 'Server error. Please try again later'],
  ])('answers a %i %j with %j', async (status, message, shown) => {
    renderLogin('admin', { 'POST /admin/login': () => ({ status, body: { success: false, message } }) });
    await signIn('ngozi@lagoon.ng', 'kola-nut-42');
    expect(await failure()).toHaveTextContent(shown);
    expect(localStorage.getItem('hms.adminToken')).toBeNull();
  });

  it("says 'Unable to connect to server' when the request never arrives", async () => {
    renderLogin('admin', { 'POST /admin/login': () => Promise.reject(new TypeError('Failed to fetch')) });
    await signIn('ngozi@lagoon.ng', 'kola-nut-42');
    expect(await failure()).toHaveTextContent('Unable to connect to server');
  });

  it("refuses an answer that is not the API's (a proxy's page) as an invalid response", async () => {
    renderLogin('admin', {
      'POST /admin/login': () => ({ body: '<h1>Welcome to nginx!</h1>', headers: { 'content-type': 'text/html' } }),
    });
    await signIn('ngozi@lagoon.ng', 'kola-nut-42');
    expect(await failure()).toHaveTextContent('Invalid response from server. Please try again.');
    expect(localStorage.getItem('hms.adminToken')).toBeNull();
  });
});

describe('Staff Login', () => {
  it('shows the title and the help text to contact the administrator', () => {
    renderLogin('user');
    expect(screen.getByRole('heading', { level: 1, name: 'Staff Login' })).toBeInTheDocument();
    expect(screen.getByText(/Contact your hospital administrator/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Admin Login' })).toHaveAttribute('href', '/admin/login');
  });

  it('stores the user token and opens the staff dashboard', async () => {
    const store = renderLogin('user', { 'POST /auth/login': () => staffSignIn() });
    await signIn('tunde@lagoon.ng', 'generated-pass');
    expect(await screen.findByTestId('current-path')).toHaveTextContent('/user/dashboard');
    expect(await screen.findByText('Welcome back, Tunde Bello!')).toBeInTheDocument();
    expect(localStorage.getItem('hms.userToken')).toBe('user-jwt');
    expect(localStorage.getItem('hms.adminToken')).toBeNull();
    expect(store.get(sessionAtom)).toMatchObject({
      status: 'signed-in',
      kind: 'user',
      user: { name: 'Tunde Bello', initials: 'TB', role: 'pharmacist', roleId: 5, mustChangePassword: true },
    });
  });

  it("answers 'Account disabled' with the staff message", async () => {
    renderLogin('user', { 'POST /auth/login': () => ({ status: 401, body: { message: 'Account disabled' } }) });
    await signIn('tunde@lagoon.ng', 'generated-pass');
    expect(await failure()).toHaveTextContent('Your account has been disabled. Contact your administrator.');
  });
});

// The server cannot send these (the fake refuses them too): a page behind a broken proxy or an older server might.
describe('A sign-in answer of the wrong shape', () => {
  const admin = adminSignIn().body as { token: string; user: unknown };
  const staff = staffSignIn().body as { data: { token: string } };

  it('reads the session of a right one', () => {
    expect(readLoginAnswer('admin', admin)).toMatchObject({ token: 'admin-jwt', user: { id: 'adm-1' } });
    expect(readLoginAnswer('user', staff)).toMatchObject({ token: 'user-jwt', user: { role: 'pharmacist' } });
  });

  it('reads none without a token, or with an empty one', () => {
    expect(readLoginAnswer('admin', { success: true, user: admin.user })).toBeNull();
    expect(readLoginAnswer('admin', { ...admin, token: '' })).toBeNull();
  });

  it("reads none from a staff answer without the data wrapper, nor from the staff door's on the admin's", () => {
    expect(readLoginAnswer('user', staff.data)).toBeNull();
    expect(readLoginAnswer('admin', staff)).toBeNull();
  });
});
