import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeApi, type FakeHandler } from '../../lib/testing/fake-api';
import { ada, page } from './testing/users-fixtures';
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

async function renderUsers(routes: Record<string, FakeHandler> = {}) {
  api = fakeApi({ 'GET /users': () => page([ada]), ...routes });
  render(<UsersPage />);
  await screen.findByText('Ada Obi');
}

const invalid = (errors: { field: string; message: string }[]) => ({
  status: 400,
  body: { success: false, message: 'Please check your input and try again', errors },
});

describe('Users page: the server’s reasons beside the fields', () => {
  it("shows 'Please enter a valid email address' beside Email when the server refuses chinedu@x", async () => {
    await renderUsers({
      'POST /users': () => invalid([{ field: 'email', message: 'Please enter a valid email address' }]),
    });
    await user.click(screen.getByRole('button', { name: 'Add New User' }));
    const dialog = screen.getByRole('dialog', { name: 'Add New User' });
    await user.type(within(dialog).getByLabelText(/Full name/), 'Chinedu Obi');
    const email = within(dialog).getByLabelText(/Email/);
    await user.type(email, 'chinedu@x');
    await user.click(within(dialog).getByRole('button', { name: 'Add User' }));
    expect(await within(dialog).findByText('Please enter a valid email address')).toBeInTheDocument();
    expect(email).toHaveAccessibleDescription('Please enter a valid email address');
    expect(email).toHaveAttribute('aria-invalid', 'true');
    // The generic words are for answers without field reasons only.
    expect(within(dialog).queryByText('Please check your input and try again')).not.toBeInTheDocument();
    expect(within(dialog).queryByRole('alert')).not.toBeInTheDocument();
    expect(screen.getByRole('dialog', { name: 'Add New User' })).toBeInTheDocument();

    await user.type(email, '.ng');
    expect(email).not.toHaveAttribute('aria-invalid', 'true');
  });

  it('puts a first or last name reason on Full name, and a role reason on Role', async () => {
    await renderUsers({
      'POST /users': () =>
        invalid([
          { field: 'lastName', message: 'Last name must be at most 100 characters long' },
          { field: 'role', message: 'Admin accounts are created only through hospital onboarding' },
        ]),
    });
    await user.click(screen.getByRole('button', { name: 'Add New User' }));
    const dialog = screen.getByRole('dialog', { name: 'Add New User' });
    await user.type(within(dialog).getByLabelText(/Full name/), 'Chinedu Obi');
    await user.type(within(dialog).getByLabelText(/Email/), 'chinedu@clinic.ng');
    await user.click(within(dialog).getByRole('button', { name: 'Add User' }));
    expect(await within(dialog).findByText('Last name must be at most 100 characters long')).toBeInTheDocument();
    expect(within(dialog).getByLabelText(/Full name/)).toHaveAccessibleDescription(
      'Last name must be at most 100 characters long',
    );
    expect(within(dialog).getByText('Admin accounts are created only through hospital onboarding')).toBeInTheDocument();
  });

  it('keeps the server message above the form when it names no field', async () => {
    await renderUsers({
      'POST /users': () => ({
        status: 403,
        body: { success: false, message: 'The Clinic plan allows up to 7 users.' },
      }),
    });
    await user.click(screen.getByRole('button', { name: 'Add New User' }));
    const dialog = screen.getByRole('dialog', { name: 'Add New User' });
    await user.type(within(dialog).getByLabelText(/Full name/), 'Chinedu Obi');
    await user.type(within(dialog).getByLabelText(/Email/), 'chinedu@clinic.ng');
    await user.click(within(dialog).getByRole('button', { name: 'Add User' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('The Clinic plan allows up to 7 users.');
  });

  it("shows the server's email reason beside Email when editing", async () => {
    await renderUsers({
      'PUT /users/u-1': () => invalid([{ field: 'email', message: 'Please enter a valid email address' }]),
    });
    await user.click(screen.getByRole('button', { name: 'Edit Ada Obi' }));
    const dialog = screen.getByRole('dialog', { name: 'Edit User' });
    const email = within(dialog).getByLabelText(/Email/);
    await user.clear(email);
    await user.type(email, 'ada@clinic');
    await user.click(within(dialog).getByRole('button', { name: 'Update User' }));
    expect(await within(dialog).findByText('Please enter a valid email address')).toBeInTheDocument();
    expect(email).toHaveAccessibleDescription('Please enter a valid email address');
    expect(within(dialog).queryByText('Please check your input and try again')).not.toBeInTheDocument();
  });
});

describe('Users page: role filter', () => {
  it('offers All Roles and the seven staff roles, never Admin', async () => {
    await renderUsers();
    await user.click(screen.getByRole('button', { name: /All Roles/ }));
    const options = (await screen.findAllByRole('option')).map((o) => o.textContent);
    expect(options).toEqual([
      'All Roles',
      'Doctor',
      'Nurse',
      'Receptionist',
      'Lab Staff',
      'Pharmacist',
      'Billing Staff',
      'Compliance Officer',
    ]);
  });
});
