import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { sessionAtom, type SessionUser } from '../lib/session';
import { fakeApi, type FakeHandler } from '../lib/testing/fake-api';
import { ChangePasswordModal } from './change-password-modal';
import { passwordChanged } from './testing/identity-answers';
import { ADMIN_USER, signedIn, STAFF_USER, withSession } from './testing/session-fixtures';

vi.setConfig({ testTimeout: 20_000 });

let api: ReturnType<typeof fakeApi> | undefined;

function renderModal(person: SessionUser, routes: Record<string, FakeHandler> = {}, delayMs?: number) {
  api = fakeApi(routes);
  const { store, ui } = withSession(
    signedIn(person),
    '/dashboard',
    <Routes>
      <Route path="/dashboard" element={<ChangePasswordModal delayMs={delayMs} />} />
      <Route path="*" element={null} />
    </Routes>,
  );
  render(ui);
  return store;
}

const dialog = () => screen.queryByRole('dialog', { name: 'Change Password' });

afterEach(() => {
  vi.useRealTimers();
  api?.restore();
  api = undefined;
  localStorage.clear();
});

describe('Forced Change Password modal: timing', () => {
  beforeEach(() => vi.useFakeTimers());

  it('opens at once while the password must change, before anything else can be opened', async () => {
    renderModal({ ...STAFF_USER, mustChangePassword: true });
    await act(() => vi.advanceTimersByTimeAsync(0));
    expect(dialog()).toBeInTheDocument();
  });

  it('never opens when the password need not change', async () => {
    renderModal(STAFF_USER);
    await act(() => vi.advanceTimersByTimeAsync(10_000));
    expect(dialog()).not.toBeInTheDocument();
  });
});

describe('Forced Change Password modal: the form', () => {
  let user: ReturnType<typeof userEvent.setup>;
  beforeEach(() => {
    user = userEvent.setup({ delay: null });
  });

  async function fill(current: string, next: string, confirm: string) {
    const modal = within(await screen.findByRole('dialog', { name: 'Change Password' }));
    for (const [label, value] of [
      ['Current Password', current],
      ['New Password', next],
      ['Confirm New Password', confirm],
    ] as const) {
      const input = modal.getByLabelText(label, { selector: 'input' });
      await user.clear(input);
      if (value) {
        await user.click(input);
        await user.paste(value);
      }
    }
    await user.click(modal.getByRole('button', { name: 'Change Password' }));
  }
  const problem = () => within(screen.getByRole('dialog')).getByRole('alert');

  it('checks the three fields with the spec messages before calling the server', async () => {
    renderModal({ ...STAFF_USER, mustChangePassword: true }, {}, 0);
    await fill('', '', '');
    expect(problem()).toHaveTextContent('Please fill in all required fields');
    await fill('generated-1', 'river-stone-7', 'river-stone-8');
    expect(problem()).toHaveTextContent("New passwords don't match");
    await fill('generated-1', 'abc12', 'abc12');
    expect(problem()).toHaveTextContent('New password must be at least 6 characters long');
    expect(api!.calls).toEqual([]);
  });

  it("rates a password built on the person's own hospital as the server will: refused", async () => {
    renderModal(
      { ...STAFF_USER, mustChangePassword: true, hospital: { ...STAFF_USER.hospital!, name: 'Hospital Bravo' } },
      {},
      0,
    );
    const modal = within(await screen.findByRole('dialog', { name: 'Change Password' }));
    await user.click(modal.getByLabelText('New Password', { selector: 'input' }));
    await user.paste('HospitalBravo2025!');
    expect(await modal.findByText(/the server will refuse it/, {}, { timeout: 5000 })).toBeInTheDocument();
  });

  it('changes a staff password on /auth/change-password, says so and closes', async () => {
    const store = renderModal(
      { ...STAFF_USER, mustChangePassword: true },
      { 'POST /auth/change-password': () => passwordChanged('user') },
      0,
    );
    await fill('generated-1', 'river-stone-7', 'river-stone-7');
    expect(await screen.findByText('Password changed successfully!')).toBeInTheDocument();
    expect(dialog()).not.toBeInTheDocument();
    expect(api!.calls).toMatchObject([
      { path: '/auth/change-password', body: { currentPassword: 'generated-1', newPassword: 'river-stone-7' } },
    ]);
    expect(store.get(sessionAtom)).toMatchObject({ status: 'signed-in', user: { mustChangePassword: false } });
  });

  it("changes an admin's password on /admin/change-password and clears the session's flag", async () => {
    const store = renderModal(
      { ...ADMIN_USER, mustChangePassword: true },
      { 'POST /admin/change-password': () => passwordChanged('admin') },
      0,
    );
    await fill('kola-nut-42', 'river-stone-7', 'river-stone-7');
    expect(await screen.findByText('Password changed successfully!')).toBeInTheDocument();
    expect(api!.calls[0]!.path).toBe('/admin/change-password');
    // Nothing is kept on this device: the server's answer says the same on every device.
    expect(localStorage.length).toBe(0);
    expect(store.get(sessionAtom)).toMatchObject({ status: 'signed-in', user: { mustChangePassword: false } });
  });

  it("shows the server's message when the change is refused, and stays open", async () => {
    renderModal(
      { ...STAFF_USER, mustChangePassword: true },
      { 'POST /auth/change-password': () => ({ status: 400, body: { message: 'Current password is incorrect' } }) },
      0,
    );
    await fill('wrong-one', 'river-stone-7', 'river-stone-7');
    expect(await within(screen.getByRole('dialog')).findByText('Current password is incorrect')).toBeInTheDocument();
    expect(dialog()).toBeInTheDocument();
  });

  it("shows the server's reason beside the field it is about, without the generic text", async () => {
    renderModal(
      { ...STAFF_USER, mustChangePassword: true },
      {
        'POST /auth/change-password': () => ({
          status: 400,
          body: {
            success: false,
            message: 'Please check your input and try again',
            errors: [{ field: 'newPassword', message: 'This password is too common. Choose a less predictable one.' }],
          },
        }),
      },
      0,
    );
    await fill('generated-1', 'password1', 'password1');
    const modal = within(screen.getByRole('dialog'));
    const newPassword = modal.getByLabelText('New Password', { selector: 'input' });
    await waitFor(() =>
      expect(newPassword).toHaveAccessibleDescription('This password is too common. Choose a less predictable one.'),
    );
    expect(newPassword).toHaveAttribute('aria-invalid', 'true');
    expect(modal.queryByRole('alert')).not.toBeInTheDocument();
    expect(modal.queryByText('Please check your input and try again')).not.toBeInTheDocument();
    expect(modal.queryByText('Failed to change password')).not.toBeInTheDocument();

    // Editing the field clears its message.
    await user.type(newPassword, 'x');
    expect(newPassword).not.toHaveAttribute('aria-invalid', 'true');
  });

  it("says 'An error occurred while changing password' when the server cannot be reached", async () => {
    renderModal(
      { ...STAFF_USER, mustChangePassword: true },
      { 'POST /auth/change-password': () => Promise.reject(new TypeError('Failed to fetch')) },
      0,
    );
    await fill('generated-1', 'river-stone-7', 'river-stone-7');
    expect(
      await within(screen.getByRole('dialog')).findByText('An error occurred while changing password'),
    ).toBeInTheDocument();
  });

  it('cannot be dismissed with Escape', async () => {
    renderModal({ ...STAFF_USER, mustChangePassword: true }, {}, 0);
    await screen.findByRole('dialog', { name: 'Change Password' });
    await user.keyboard('{Escape}');
    expect(dialog()).toBeInTheDocument();
  });
});
