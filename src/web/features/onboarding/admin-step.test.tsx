import { screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import {
  ADMIN,
  fill,
  registered,
  renderOnboarding,
  setUpWizardHarness,
  stepAlert,
  toStep2,
  toStep3,
  wizard,
} from './testing/wizard-harness';

// Several helpers share a two-core machine: allow slow runs (tests never assert timings).
vi.setConfig({ testTimeout: 30_000 });
setUpWizardHarness();

/** The server's reason for a guessable password (identity's password policy). */
const WEAK =
  'This password is too easy to guess. Use a longer one, such as a few unrelated words, and leave out your name, email and hospital.';

describe('Onboarding step 2: Admin Account', () => {
  it('checks required fields, the password length and the confirmation', async () => {
    renderOnboarding();
    await toStep2();
    await wizard.user.click(screen.getByRole('button', { name: 'Create Account' }));
    for (const label of ['Full Name', 'Job Title', 'Admin Email', 'Password']) {
      expect(screen.getByLabelText(label, { selector: 'input' })).toHaveAccessibleDescription(
        'Please fill in all required fields',
      );
    }
    await fill({ ...ADMIN, Password: 'abc12', 'Confirm Password': 'abc12' });
    await wizard.user.click(screen.getByRole('button', { name: 'Create Account' }));
    expect(screen.getByLabelText('Password', { selector: 'input' })).toHaveAccessibleDescription(
      'Password must be at least 6 characters long',
    );
    await fill({ ...ADMIN, 'Confirm Password': 'kola-nut-43' });
    await wizard.user.click(screen.getByRole('button', { name: 'Create Account' }));
    expect(screen.getByLabelText('Confirm Password', { selector: 'input' })).toHaveAccessibleDescription(
      'Passwords do not match',
    );
    expect(wizard.api!.calls).toEqual([]);
  });

  it('goes Back to Hospital Details with the values kept', async () => {
    renderOnboarding();
    await toStep2();
    await wizard.user.click(screen.getByRole('button', { name: 'Back' }));
    expect(screen.getByRole('heading', { name: 'Hospital Details' })).toBeInTheDocument();
    expect(screen.getByLabelText('Hospital Number')).toHaveValue('DVC/2024/001234');
  });

  it('shows the password while the toggle is pressed', async () => {
    renderOnboarding();
    await toStep2();
    const password = screen.getByLabelText('Password', { selector: 'input' });
    expect(password).toHaveAttribute('type', 'password');
    await wizard.user.click(screen.getByRole('button', { name: 'Show password' }));
    expect(password).toHaveAttribute('type', 'text');
  });

  it('sends both halves of the form and moves to Email Verification', async () => {
    renderOnboarding({ 'POST /hospital/register-with-verification': registered });
    await toStep3();
    expect(await screen.findByText('Verification code sent to your email!')).toBeInTheDocument();
    expect(wizard.api!.calls[0]!.body).toEqual({
      hospitalData: {
        name: 'Lagoon Specialist Hospital',
        email: 'info@lagoon.ng',
        licenseNumber: 'HEFAMAA/LAG/2024/CLI/001234',
        registrationNumber: 'RGN/LAG/2024/0001847',
        hospitalNumber: 'DVC/2024/001234',
      },
      adminData: {
        fullName: 'Ngozi Okafor',
        jobTitle: 'Medical Director',
        email: 'ngozi@lagoon.ng',
        password: 'kola-nut-42',
        confirmPassword: 'kola-nut-42',
      },
    });
    expect(screen.getByText('ngozi@lagoon.ng')).toBeInTheDocument();
  });

  it.each([
    [409, 'A hospital with this information already exists'],
    [503, 'Unable to send verification email. Please try again later'],
  ])('shows the server message of a %i', async (status, message) => {
    renderOnboarding({
      'POST /hospital/register-with-verification': () => ({ status, body: { success: false, message } }),
    });
    await toStep2();
    await fill(ADMIN);
    await wizard.user.click(screen.getByRole('button', { name: 'Create Account' }));
    expect(await stepAlert()).toHaveTextContent(message);
    expect(screen.getByRole('heading', { name: 'Admin Account' })).toBeInTheDocument();
  });

  it("says 'Registration failed' when the server gives no message", async () => {
    renderOnboarding({ 'POST /hospital/register-with-verification': () => ({ status: 500 }) });
    await toStep2();
    await fill(ADMIN);
    await wizard.user.click(screen.getByRole('button', { name: 'Create Account' }));
    expect(await stepAlert()).toHaveTextContent('Registration failed');
  });

  it("says 'Network error. Please try again' when the server cannot be reached", async () => {
    renderOnboarding({
      'POST /hospital/register-with-verification': () => Promise.reject(new TypeError('Failed to fetch')),
    });
    await toStep2();
    await fill(ADMIN);
    await wizard.user.click(screen.getByRole('button', { name: 'Create Account' }));
    expect(await stepAlert()).toHaveTextContent('Network error. Please try again');
  });

  it("takes a hospital field the server refused back to step 1 and shows the server's message beside it", async () => {
    renderOnboarding({
      'POST /hospital/register-with-verification': () => ({
        status: 400,
        body: {
          success: false,
          message: 'Please check your input and try again',
          errors: [{ field: 'hospitalData.hospitalNumber', message: 'Year must be between 2020-2025' }],
        },
      }),
    });
    await toStep2();
    await fill(ADMIN);
    await wizard.user.click(screen.getByRole('button', { name: 'Create Account' }));
    await screen.findByRole('heading', { name: 'Hospital Details' });
    expect(await stepAlert()).toHaveTextContent('Please check your input and try again');
    expect(screen.getByLabelText('Hospital Number')).toHaveAccessibleDescription('Year must be between 2020-2025');
  });

  it('shows an admin field the server refused beside that field', async () => {
    renderOnboarding({
      'POST /hospital/register-with-verification': () => ({
        status: 400,
        body: {
          message: 'Please check your input and try again',
          errors: [{ field: 'adminData.password', message: WEAK }],
        },
      }),
    });
    await toStep2();
    await fill(ADMIN);
    await wizard.user.click(screen.getByRole('button', { name: 'Create Account' }));
    await stepAlert();
    expect(screen.getByLabelText('Password', { selector: 'input' })).toHaveAccessibleDescription(WEAK);
  });
});
