import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { sessionAtom } from '../lib/session';
import { deferred, fakeApi, type FakeHandler } from '../lib/testing/fake-api';
import AdminProfilePage from './admin-profile-page';
import { ADMIN_USER, signedIn, withSession } from './testing/session-fixtures';

vi.setConfig({ testTimeout: 20_000 });

const profile = (over: Record<string, unknown> = {}) => ({
  body: {
    success: true,
    data: {
      admin: {
        id: 'adm-1',
        name: 'Ngozi Okafor',
        email: 'ngozi@lagoon.ng',
        jobTitle: 'Medical Director',
        lastLoginAt: '2026-05-29T08:15:00.000Z',
        hospital: { id: 'h-1', hospitalId: 'HMS-7Q4K2X', name: 'Lagoon Hospital', status: 'active' },
        ...over,
      },
    },
  },
});

let api: ReturnType<typeof fakeApi> | undefined;
afterEach(() => {
  api?.restore();
  api = undefined;
  localStorage.clear();
});

function renderPage(routes: Record<string, FakeHandler>) {
  api = fakeApi(routes);
  const { store, ui } = withSession(signedIn(ADMIN_USER), '/admin/profile', <AdminProfilePage />);
  render(ui);
  return store;
}
const fact = (label: string) => screen.getByText(label, { selector: 'dt' }).nextElementSibling;

describe('/admin/profile', () => {
  it("shows loading, then the admin's name, email, role and hospital from GET /api/admin/profile", async () => {
    const gate = deferred<{ body: unknown }>();
    renderPage({ 'GET /admin/profile': () => gate.promise });
    expect(screen.getByText('Loading profile...')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Change Password' })).not.toBeInTheDocument();
    gate.resolve(profile());
    expect(await screen.findByRole('heading', { name: 'My Profile' })).toBeInTheDocument();
    await waitFor(() => expect(fact('Name')).toHaveTextContent('Ngozi Okafor'));
    expect(fact('Email')).toHaveTextContent('ngozi@lagoon.ng');
    expect(fact('Role')).toHaveTextContent('Admin');
    expect(fact('Job title')).toHaveTextContent('Medical Director');
    expect(fact('Hospital')).toHaveTextContent('Lagoon Hospital');
    expect(fact('Hospital ID')).toHaveTextContent('HMS-7Q4K2X');
    expect(fact('Status')).toHaveTextContent('Active');
    expect(fact('Previous sign-in')).not.toHaveTextContent('—');
    expect(api!.calls.map((c) => `${c.method} ${c.path}`)).toEqual(['GET /admin/profile']);
  });

  it('says so when no hospital is linked and the admin has never signed in before', async () => {
    renderPage({ 'GET /admin/profile': () => profile({ hospital: null, lastLoginAt: null, jobTitle: null }) });
    expect(await screen.findByText('No hospital is linked to this account yet.')).toBeInTheDocument();
    expect(fact('Previous sign-in')).toHaveTextContent('—');
    expect(fact('Job title')).toHaveTextContent('—');
  });

  it("shows the server's failure with a retry that loads the profile", async () => {
    let fail = true;
    renderPage({
      'GET /admin/profile': () =>
        fail ? { status: 503, body: { success: false, message: 'Profile service is busy' } } : profile(),
    });
    expect(await screen.findByText('Profile service is busy')).toBeInTheDocument();
    fail = false;
    await userEvent.click(screen.getByRole('button', { name: /try again|retry/i }));
    await waitFor(() => expect(fact('Email')).toHaveTextContent('ngozi@lagoon.ng'));
  });

  it("changes the password with the shared form, checks the spec's rules first, and Cancel closes it", async () => {
    const user = userEvent.setup();
    const store = renderPage({
      'GET /admin/profile': () => profile(),
      'POST /admin/change-password': () => ({ body: { success: true, message: 'Password changed successfully!' } }),
    });
    await user.click(await screen.findByRole('button', { name: 'Change Password' }));
    let dialog = screen.getByRole('dialog', { name: 'Change Password' });
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());

    await user.click(screen.getByRole('button', { name: 'Change Password' }));
    dialog = screen.getByRole('dialog', { name: 'Change Password' });
    await user.type(within(dialog).getByLabelText('Current Password', { exact: true }), 'old-secret-1');
    await user.type(within(dialog).getByLabelText('New Password', { exact: true }), 'river-stone-7');
    await user.type(within(dialog).getByLabelText('Confirm New Password', { exact: true }), 'river-stone-8');
    await user.click(within(dialog).getByRole('button', { name: 'Change Password' }));
    expect(await within(dialog).findByText("New passwords don't match")).toBeInTheDocument();
    expect(api!.calls.filter((c) => c.path === '/admin/change-password')).toEqual([]);

    const confirm = within(dialog).getByLabelText('Confirm New Password', { exact: true });
    await user.clear(confirm);
    await user.type(confirm, 'river-stone-7');
    await user.click(within(dialog).getByRole('button', { name: 'Change Password' }));
    expect(await screen.findByText('Password changed successfully!')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(api!.calls.find((c) => c.path === '/admin/change-password')!.body).toEqual({
      currentPassword: 'old-secret-1',
      newPassword: 'river-stone-7',
      confirmPassword: 'river-stone-7',
    });
    expect(store.get(sessionAtom)).toMatchObject({ status: 'signed-in', user: { mustChangePassword: false } });
  });
});
