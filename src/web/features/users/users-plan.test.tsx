import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeApi, type FakeHandler } from '../../lib/testing/fake-api';
import { ada, clinicPlan, created, hospitalPlan, page, planChanged, stats } from './testing/users-fixtures';
import UsersPage from './users-page';

vi.setConfig({ testTimeout: 20_000 });

let api: ReturnType<typeof fakeApi>;
let user: ReturnType<typeof userEvent.setup>;

beforeEach(() => {
  localStorage.setItem('hms.adminToken', 'admin-token');
  user = userEvent.setup({ delay: null });
});
afterEach(() => {
  api.restore();
  localStorage.clear();
});

function renderUsers(routes: Record<string, FakeHandler>) {
  api = fakeApi({ 'GET /users': () => page([ada]), ...routes });
  render(<UsersPage />);
}

describe('Users page: plan seats', () => {
  it("shows the Clinic plan's seats, the admin's own included", async () => {
    renderUsers({ 'GET /users/stats': () => stats(clinicPlan(3)) });
    expect(await screen.findByText('3 of 7 seats used (including you)')).toBeInTheDocument();
  });

  it('shows an unlimited plan as a count of users', async () => {
    renderUsers({ 'GET /users/stats': () => stats(hospitalPlan(12)) });
    expect(await screen.findByText('12 users (Hospital plan, unlimited)')).toBeInTheDocument();
  });

  it('opens the empty form while seats are free', async () => {
    renderUsers({ 'GET /users/stats': () => stats(clinicPlan(6)) });
    await screen.findByText('6 of 7 seats used (including you)');
    await user.click(screen.getByRole('button', { name: 'Add New User' }));
    expect(screen.getByRole('dialog', { name: 'Add New User' })).toBeInTheDocument();
  });

  it('explains a full plan instead of opening an empty form, and leaves it on Not Now', async () => {
    renderUsers({ 'GET /users/stats': () => stats(clinicPlan(7)) });
    await screen.findByText('7 of 7 seats used (including you)');
    await user.click(screen.getByRole('button', { name: 'Add New User' }));
    const dialog = screen.getByRole('dialog', { name: 'All seats are in use' });
    expect(dialog).toHaveTextContent('The Clinic plan allows up to 7 users. Upgrade to the Hospital plan to add more.');
    expect(dialog).toHaveTextContent('₦5,999 per month');
    expect(screen.queryByRole('dialog', { name: 'Add New User' })).not.toBeInTheDocument();
    expect(within(dialog).queryByLabelText(/Full name/)).not.toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Not Now' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(api.calls.filter((c) => c.method !== 'GET')).toEqual([]);
  });

  it('upgrades to the Hospital plan from there, then opens the form', async () => {
    let plan = clinicPlan(7);
    renderUsers({
      'GET /users/stats': () => stats(plan),
      'PUT /users/plan': () => {
        plan = hospitalPlan(7);
        return planChanged(plan);
      },
    });
    await screen.findByText('7 of 7 seats used (including you)');
    await user.click(screen.getByRole('button', { name: 'Add New User' }));
    const dialog = screen.getByRole('dialog', { name: 'All seats are in use' });
    await user.click(within(dialog).getByRole('button', { name: 'Upgrade to Hospital plan' }));
    expect(await screen.findByRole('dialog', { name: 'Add New User' })).toBeInTheDocument();
    expect(api.calls.find((c) => c.method === 'PUT')).toMatchObject({
      path: '/users/plan',
      body: { plan: 'hospital' },
    });
    expect(await screen.findByText('7 users (Hospital plan, unlimited)')).toBeInTheDocument();
    expect(screen.getByText('Plan updated successfully')).toBeInTheDocument();
  });

  it('says why an upgrade failed and stays on the explanation', async () => {
    renderUsers({
      'GET /users/stats': () => stats(clinicPlan(7)),
      'PUT /users/plan': () => ({
        status: 403,
        body: { success: false, message: 'Access denied. Admin role required.' },
      }),
    });
    await screen.findByText('7 of 7 seats used (including you)');
    await user.click(screen.getByRole('button', { name: 'Add New User' }));
    const dialog = screen.getByRole('dialog', { name: 'All seats are in use' });
    await user.click(within(dialog).getByRole('button', { name: 'Upgrade to Hospital plan' }));
    expect(await within(dialog).findByText('Access denied. Admin role required.')).toBeInTheDocument();
  });

  it('counts the seat of a newly added user', async () => {
    let used = 5;
    renderUsers({
      'GET /users/stats': () => stats(clinicPlan(used)),
      'POST /users': () => {
        used += 1;
        return created();
      },
    });
    await screen.findByText('5 of 7 seats used (including you)');
    await user.click(screen.getByRole('button', { name: 'Add New User' }));
    const dialog = screen.getByRole('dialog', { name: 'Add New User' });
    await user.type(within(dialog).getByLabelText(/Full name/), 'Chidi Eze');
    await user.type(within(dialog).getByLabelText(/Email/), 'chidi@clinic.ng');
    await user.click(within(dialog).getByRole('button', { name: 'Add User' }));
    await waitFor(() => expect(screen.getByText('6 of 7 seats used (including you)')).toBeInTheDocument());
  });
});
