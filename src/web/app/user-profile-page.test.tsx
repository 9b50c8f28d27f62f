import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { profilePageHarness } from './testing/profile-page-harness';
import { meAnswer, passwordChanged } from './testing/identity-answers';
import { STAFF_USER } from './testing/session-fixtures';
import UserProfilePage from './user-profile-page';

vi.setConfig({ testTimeout: 20_000 });

const me = (over: Parameters<typeof meAnswer>[0] = {}) => meAnswer({ role: 'nurse', ...over });

const { renderPage, calls, fact, showsLoadingThen, showsFailureThenRetries, expectPasswordChanged } =
  profilePageHarness(STAFF_USER, '/user/profile', <UserProfilePage />);

describe('/user/profile', () => {
  it('shows loading, then name, role, hospital, e-mail and previous sign-in from GET /api/auth/me', async () => {
    await showsLoadingThen('GET /auth/me', me());
    await waitFor(() => expect(fact('Name')).toHaveTextContent('Tunde Bello'));
    expect(fact('Email')).toHaveTextContent('tunde@lagoon.ng');
    expect(fact('Role')).toHaveTextContent('Nurse');
    expect(fact('Employee ID')).toHaveTextContent('EMP-0042');
    expect(fact('Department')).toHaveTextContent('Outpatients');
    expect(fact('Hospital')).toHaveTextContent('Lagoon Hospital');
    expect(fact('Hospital ID')).toHaveTextContent('HMS-7Q4K2X');
    expect(fact('Previous sign-in')).toHaveTextContent(/2026/);
    expect(screen.queryByText('Job title', { selector: 'dt' })).not.toBeInTheDocument();
    expect(calls().map((c) => `${c.method} ${c.path}`)).toEqual(['GET /auth/me']);
  });

  it('shows dashes on a first sign-in without a department, and says when no hospital is linked', async () => {
    renderPage({ 'GET /auth/me': () => me({ lastLogin: null, department: null, hospital: null }) });
    expect(await screen.findByText('No hospital is linked to this account yet.')).toBeInTheDocument();
    expect(fact('Previous sign-in')).toHaveTextContent('—');
    expect(fact('Department')).toHaveTextContent('—');
  });

  it("shows the server's failure with a retry that loads the profile", async () => {
    await showsFailureThenRetries('GET /auth/me', me, 'tunde@lagoon.ng');
  });

  it('changes the password through POST /api/auth/change-password with the keyboard alone', async () => {
    const user = userEvent.setup();
    const store = renderPage({
      'GET /auth/me': () => me(),
      'POST /auth/change-password': () => passwordChanged('user'),
    });
    const open = await screen.findByRole('button', { name: 'Change Password' });
    open.focus();
    await user.keyboard('{Enter}');
    const dialog = await screen.findByRole('dialog', { name: 'Change Password' });
    // Tab (past any show-password toggles) to each field and type: no pointer involved.
    const tabTo = async (label: string) => {
      const field = within(dialog).getByLabelText(label, { exact: true });
      for (let i = 0; i < 6 && document.activeElement !== field; i++) await user.tab();
      expect(field).toHaveFocus();
    };
    await tabTo('Current Password');
    await user.keyboard('old-secret-1');
    await tabTo('New Password');
    await user.keyboard('river-stone-7');
    await tabTo('Confirm New Password');
    await user.keyboard('river-stone-7{Enter}');
    await expectPasswordChanged('/auth/change-password', store);
    expect(calls().some((c) => c.path === '/admin/change-password')).toBe(false);
  });
});
