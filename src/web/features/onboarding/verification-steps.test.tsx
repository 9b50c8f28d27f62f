import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { verifyEmailEndpoint } from '../../../shared/api/hospitals';
import { sessionAtom } from '../../lib/session';
import { answerBody } from '../../lib/testing/fake-api';
import {
  fill,
  registered,
  renderOnboarding,
  setUpWizardHarness,
  stepAlert,
  toStep3,
  VERIFIED,
  wizard,
} from './testing/wizard-harness';

// Several helpers share a two-core machine: allow slow runs (tests never assert timings).
vi.setConfig({ testTimeout: 30_000 });
setUpWizardHarness();

describe('Onboarding step 3: Email Verification', () => {
  it("refuses anything but six digits with 'Please enter a valid 6-digit verification code'", async () => {
    renderOnboarding({ 'POST /hospital/register-with-verification': registered });
    await toStep3();
    await fill({ 'Verification Code': '12a4' });
    expect(screen.getByLabelText('Verification Code')).toHaveValue('124');
    await wizard.user.click(screen.getByRole('button', { name: 'Verify Email' }));
    expect(screen.getByLabelText('Verification Code')).toHaveAccessibleDescription(
      'Please enter a valid 6-digit verification code',
    );
    expect(wizard.api!.calls.filter((c) => c.path === '/hospital/verify-email')).toEqual([]);
  });

  it.each([
    'Invalid verification code. Please try again',
    'Verification code has expired. Please request a new one',
    'This verification code has already been used',
    'Too many verification attempts. Please request a new code',
  ])('shows the server message %j', async (message) => {
    renderOnboarding({
      'POST /hospital/register-with-verification': registered,
      'POST /hospital/verify-email': () => ({ status: 400, body: { success: false, message } }),
    });
    await toStep3();
    await fill({ 'Verification Code': '123456' });
    await wizard.user.click(screen.getByRole('button', { name: 'Verify Email' }));
    expect(await stepAlert()).toHaveTextContent(message);
  });

  it("says 'Verification failed' when the server gives no message", async () => {
    renderOnboarding({
      'POST /hospital/register-with-verification': registered,
      'POST /hospital/verify-email': () => ({ status: 500 }),
    });
    await toStep3();
    await fill({ 'Verification Code': '123456' });
    await wizard.user.click(screen.getByRole('button', { name: 'Verify Email' }));
    expect(await stepAlert()).toHaveTextContent('Verification failed');
  });

  it('resends the code to the admin email, or says it failed', async () => {
    let resends = 0;
    renderOnboarding({
      'POST /hospital/register-with-verification': registered,
      'POST /hospital/resend-verification': () =>
        ++resends === 1 ? { status: 500 } : { body: { success: true, message: 'sent' } },
    });
    await toStep3();
    await wizard.user.click(screen.getByRole('button', { name: 'Resend code' }));
    expect(await stepAlert()).toHaveTextContent('Failed to resend code');
    await wizard.user.click(screen.getByRole('button', { name: 'Resend code' }));
    await waitFor(() => expect(screen.getAllByText('Verification code sent to your email!')).toHaveLength(2));
    expect(wizard.api!.calls.at(-1)).toMatchObject({
      path: '/hospital/resend-verification',
      body: { email: 'ngozi@lagoon.ng' },
    });
    // The server sends at most one code a minute: the next one waits, and says for how long.
    expect(screen.getByRole('button', { name: 'Resend code' })).toBeDisabled();
    expect(screen.getByRole('timer')).toHaveTextContent('Please wait 60 seconds before requesting a new code');
  });

  it("shows the server's reason for a wrong code beside the code field", async () => {
    renderOnboarding({
      'POST /hospital/register-with-verification': registered,
      'POST /hospital/verify-email': () => ({
        status: 400,
        body: {
          success: false,
          message: 'Invalid verification code. Please try again',
          errors: [{ field: 'token', message: 'Invalid verification code. Please try again' }],
        },
      }),
    });
    await toStep3();
    await fill({ 'Verification Code': '123456' });
    await wizard.user.click(screen.getByRole('button', { name: 'Verify Email' }));
    await waitFor(() =>
      expect(screen.getByLabelText('Verification Code')).toHaveAccessibleDescription(
        'Invalid verification code. Please try again',
      ),
    );
  });

  it('goes Back to Admin Account', async () => {
    renderOnboarding({ 'POST /hospital/register-with-verification': registered });
    await toStep3();
    await wizard.user.click(screen.getByRole('button', { name: 'Back' }));
    expect(screen.getByRole('heading', { name: 'Admin Account' })).toBeInTheDocument();
    expect(screen.getByLabelText('Full Name')).toHaveValue('Ngozi Okafor');
  });
});

describe('Onboarding step 4: Welcome', () => {
  it('shows the real Hospital ID and Access Dashboard signs the admin in on /admin/dashboard', async () => {
    const store = renderOnboarding({
      'POST /hospital/register-with-verification': registered,
      'POST /hospital/verify-email': (call) => {
        expect(call.body).toEqual({ email: 'ngozi@lagoon.ng', token: '482913' });
        return answerBody(verifyEmailEndpoint, VERIFIED);
      },
    });
    await toStep3();
    await fill({ 'Verification Code': '482913' });
    await wizard.user.click(screen.getByRole('button', { name: 'Verify Email' }));
    expect(await screen.findByRole('heading', { name: 'Welcome to HMS!' })).toBeInTheDocument();
    expect(await screen.findByText('Email verified successfully!')).toBeInTheDocument();
    expect(screen.getByText('HMS-7Q4K2X')).toBeInTheDocument();
    expect(screen.getByText(/no credit card is required/)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Back' })).not.toBeInTheDocument();
    expect(localStorage.getItem('hms.adminToken')).toBe('admin-session-token');
    // The session is published only by Access Dashboard, so the Welcome step stays on screen.
    expect(store.get(sessionAtom)).toEqual({ status: 'anonymous' });

    await wizard.user.click(screen.getByRole('button', { name: 'Access Dashboard' }));
    expect(await screen.findByTestId('current-path')).toHaveTextContent('/admin/dashboard');
    expect(await screen.findByText('Welcome to HMS!')).toBeInTheDocument();
    expect(store.get(sessionAtom)).toMatchObject({
      status: 'signed-in',
      kind: 'admin',
      token: 'admin-session-token',
      user: {
        id: 'adm-1',
        name: 'Ngozi Okafor',
        initials: 'NO',
        role: 'admin',
        hospital: { hospitalId: 'HMS-7Q4K2X', name: 'Lagoon Specialist Hospital' },
        mustChangePassword: true,
      },
    });
  });
});
