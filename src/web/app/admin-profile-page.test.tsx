import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import AdminProfilePage from './admin-profile-page';
import { profilePageHarness } from './testing/profile-page-harness';
import type { AdminUser } from '../../shared/api/identity';
import { passwordChanged, profileAnswer } from './testing/identity-answers';
import { ADMIN_USER } from './testing/session-fixtures';

vi.setConfig({ testTimeout: 20_000 });

const profile = (over: Partial<AdminUser> = {}) =>
  profileAnswer({
    hospital: { id: 'h-1', hospitalId: 'HMS-7Q4K2X', name: 'Lagoon Hospital', status: 'active' },
    ...over,
  });

const { renderPage, calls, fact, showsLoadingThen, showsFailureThenRetries, expectPasswordChanged } =
  profilePageHarness(ADMIN_USER, '/admin/profile', <AdminProfilePage />);

describe('/admin/profile', () => {
  it("shows loading, then the admin's name, email, role and hospital from GET /api/admin/profile", async () => {
    await showsLoadingThen('GET /admin/profile', profile());
    await waitFor(() => expect(fact('Name')).toHaveTextContent('Ngozi Okafor'));
    expect(fact('Email')).toHaveTextContent('ngozi@lagoon.ng');
    expect(fact('Role')).toHaveTextContent('Admin');
    expect(fact('Job title')).toHaveTextContent('Medical Director');
    expect(fact('Hospital')).toHaveTextContent('Lagoon Hospital');
    expect(fact('Hospital ID')).toHaveTextContent('HMS-7Q4K2X');
    expect(fact('Status')).toHaveTextContent('Active');
    expect(fact('Previous sign-in')).not.toHaveTextContent('—');
    expect(calls().map((c) => `${c.method} ${c.path}`)).toEqual(['GET /admin/profile']);
  });

  it('says so when no hospital is linked and the admin has never signed in before', async () => {
    renderPage({ 'GET /admin/profile': () => profile({ hospital: null, lastLoginAt: null, jobTitle: null }) });
    expect(await screen.findByText('No hospital is linked to this account yet.')).toBeInTheDocument();
    expect(fact('Previous sign-in')).toHaveTextContent('—');
    expect(fact('Job title')).toHaveTextContent('—');
  });

  it("shows the server's failure with a retry that loads the profile", async () => {
    await showsFailureThenRetries('GET /admin/profile', profile, 'ngozi@lagoon.ng');
  });

  it("changes the password with the shared form, checks the spec's rules first, and Cancel closes it", async () => {
    const user = userEvent.setup();
    const store = renderPage({
      'GET /admin/profile': () => profile(),
      'POST /admin/change-password': () => passwordChanged('admin'),
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
    expect(calls().filter((c) => c.path === '/admin/change-password')).toEqual([]);

    const confirm = within(dialog).getByLabelText('Confirm New Password', { exact: true });
    await user.clear(confirm);
    await user.type(confirm, 'river-stone-7');
    await user.click(within(dialog).getByRole('button', { name: 'Change Password' }));
    await expectPasswordChanged('/admin/change-password', store);
  });
});
