import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { verifyEmailEndpoint } from '../../../shared/api/hospitals';
import { sessionAtom } from '../../lib/session';
import { answerBody } from '../../lib/testing/fake-api';
import { failure, login, renderLogin, setUpLoginHarness, signIn } from './testing/login-harness';

vi.setConfig({ testTimeout: 20_000 });
setUpLoginHarness();

const NOT_VERIFIED = {
  status: 403,
  body: {
    success: false,
    message: 'Please verify your email address before logging in.',
    code: 'EMAIL_NOT_VERIFIED',
  },
};

const ONBOARDED = {
  token: 'admin-session-token',
  admin: { id: 'adm-1', name: 'Ngozi Okafor', email: 'ngozi@lagoon.ng', jobTitle: 'Medical Director' },
  hospital: { id: 'h-1', hospitalId: 'HMS-7Q4K2X', name: 'Lagoon', status: 'active', setupStatus: 'pending' },
};
const VERIFIED = { success: true as const, message: 'Email verified successfully!', ...ONBOARDED, data: ONBOARDED };

const wrongDoor = (loginPath: string, message: string) => ({
  status: 401,
  body: { success: false, message, code: 'WRONG_DOOR', loginPath },
});

describe('Admin Login: an admin who never verified the email', () => {
  it('asks for the emailed code on the spot and signs the admin in as onboarding does', async () => {
    const store = renderLogin('admin', {
      'POST /admin/login': () => NOT_VERIFIED,
      'POST /hospital/verify-email': () => answerBody(verifyEmailEndpoint, VERIFIED),
    });
    await signIn('ngozi@lagoon.ng', 'kola-nut-42');
    const heading = await screen.findByRole('heading', { level: 1, name: 'Verify your email' });
    expect(heading).toHaveFocus();
    const step = screen.getByRole('form', { name: 'Verify your email' });
    expect(step).toHaveTextContent('Please verify your email address before logging in.');
    expect(step).toHaveTextContent('ngozi@lagoon.ng');

    await login.user.type(within(step).getByLabelText('Verification Code'), '482913');
    await login.user.click(within(step).getByRole('button', { name: 'Verify Email' }));

    expect(await screen.findByTestId('current-path')).toHaveTextContent('/admin/dashboard');
    expect(login.api!.calls.at(-1)).toMatchObject({
      path: '/hospital/verify-email',
      body: { email: 'ngozi@lagoon.ng', token: '482913' },
    });
    expect(await screen.findByText('Email verified successfully!')).toBeInTheDocument();
    expect(localStorage.getItem('hms.adminToken')).toBe('admin-session-token');
    // As after onboarding: the first session must choose a new password.
    expect(store.get(sessionAtom)).toMatchObject({
      status: 'signed-in',
      kind: 'admin',
      user: { id: 'adm-1', role: 'admin', mustChangePassword: true },
    });
  });

  it("resends the code, then counts down before another, and shows a wrong code's reason beside the field", async () => {
    renderLogin('admin', {
      'POST /admin/login': () => NOT_VERIFIED,
      'POST /hospital/resend-verification': () => ({ body: { success: true, message: 'sent' } }),
      'POST /hospital/verify-email': () => ({
        status: 400,
        body: {
          success: false,
          message: 'Invalid verification code. Please try again',
          errors: [{ field: 'token', message: 'Invalid verification code. Please try again' }],
        },
      }),
    });
    await signIn('ngozi@lagoon.ng', 'kola-nut-42');
    const step = await screen.findByRole('form', { name: 'Verify your email' });
    await login.user.click(within(step).getByRole('button', { name: 'Resend code' }));
    expect(await screen.findByText('Verification code sent to your email!')).toBeInTheDocument();
    expect(login.api!.calls.at(-1)).toMatchObject({
      path: '/hospital/resend-verification',
      body: { email: 'ngozi@lagoon.ng' },
    });
    expect(within(step).getByRole('button', { name: 'Resend code' })).toBeDisabled();
    expect(within(step).getByRole('timer')).toHaveTextContent(
      /Please wait (60|59) seconds before requesting a new code/,
    );

    const code = within(step).getByLabelText('Verification Code');
    await login.user.type(code, '111111');
    await login.user.click(within(step).getByRole('button', { name: 'Verify Email' }));
    await waitFor(() => expect(code).toHaveAccessibleDescription('Invalid verification code. Please try again'));
    expect(localStorage.getItem('hms.adminToken')).toBeNull();
  });

  it('goes back to the sign-in form with the email kept', async () => {
    renderLogin('admin', { 'POST /admin/login': () => NOT_VERIFIED });
    await signIn('ngozi@lagoon.ng', 'kola-nut-42');
    await screen.findByRole('heading', { name: 'Verify your email' });
    await login.user.click(screen.getByRole('button', { name: 'Back to sign in' }));
    expect(screen.getByRole('heading', { level: 1, name: 'Admin Login' })).toBeInTheDocument();
    expect(screen.getByLabelText('Email')).toHaveValue('ngozi@lagoon.ng');
  });
});

describe('Sign-in pages: the wrong door', () => {
  it('sends an admin from the staff sign-in to the admin one, with the email already typed', async () => {
    renderLogin('user', {
      'POST /auth/login': () => wrongDoor('/admin/login', 'This account signs in on the admin sign-in page.'),
    });
    await signIn('ngozi@lagoon.ng', 'kola-nut-42');
    const alert = await failure();
    expect(alert).toHaveTextContent('This account signs in on the admin sign-in page.');
    await login.user.click(within(alert).getByRole('link', { name: 'Go to Admin Login' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Admin Login' })).toBeInTheDocument();
    expect(screen.getByLabelText('Email')).toHaveValue('ngozi@lagoon.ng');
    expect(screen.getByLabelText('Password', { selector: 'input' })).toHaveValue('');
  });

  it('sends staff from the admin sign-in to the staff one, with the email already typed', async () => {
    renderLogin('admin', {
      'POST /admin/login': () => wrongDoor('/user/login', 'This account signs in on the staff sign-in page.'),
    });
    await signIn('tunde@lagoon.ng', 'generated-pass');
    const alert = await failure();
    expect(alert).toHaveTextContent('This account signs in on the staff sign-in page.');
    await login.user.click(within(alert).getByRole('link', { name: 'Go to Staff Login' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Staff Login' })).toBeInTheDocument();
    expect(screen.getByLabelText('Email')).toHaveValue('tunde@lagoon.ng');
  });

  it('never follows a loginPath other than the two sign-in pages', async () => {
    renderLogin('admin', {
      'POST /admin/login': () => wrongDoor('https://evil.example/login', 'Somewhere else'),
    });
    await signIn('tunde@lagoon.ng', 'generated-pass');
    const alert = await failure();
    expect(alert).toHaveTextContent('Invalid email or password');
    expect(within(alert).queryByRole('link')).not.toBeInTheDocument();
  });
});

describe('Sign-in pages: the server’s reasons beside the fields', () => {
  it('shows a 400 field reason beside its field instead of the generic text', async () => {
    renderLogin('admin', {
      'POST /admin/login': () => ({
        status: 400,
        body: {
          success: false,
          message: 'Please check your input and try again',
          errors: [{ field: 'email', message: 'Please enter a valid email address' }],
        },
      }),
    });
    await signIn('ngozi@lagoon.ng', 'kola-nut-42');
    await waitFor(() =>
      expect(screen.getByLabelText('Email')).toHaveAccessibleDescription('Please enter a valid email address'),
    );
    expect(within(screen.getByRole('form')).queryByRole('alert')).not.toBeInTheDocument();
  });
});
