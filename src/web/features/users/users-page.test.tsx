import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { deferred, fakeApi, type FakeHandler } from '../../lib/testing/fake-api';
import { ada, created, deleted, page, tunde, updated } from './testing/users-fixtures';
import UsersPage from './users-page';

// Several helpers share a two-core machine: allow slow runs (tests never assert timings).
vi.setConfig({ testTimeout: 20_000 });

let api: ReturnType<typeof fakeApi>;
let user: ReturnType<typeof userEvent.setup>;
const listCalls = () => api.calls.filter((c) => c.method === 'GET' && c.path === '/users');

beforeEach(() => {
  localStorage.setItem('hms.adminToken', 'admin-token');
  user = userEvent.setup({ delay: null });
});
afterEach(() => {
  api.restore();
  localStorage.clear();
});

describe('Users page', () => {
  it("shows 'Loading users...' and then a row per user", async () => {
    const reply = deferred<ReturnType<typeof page>>();
    api = fakeApi({ 'GET /users': () => reply.promise });
    render(<UsersPage />);
    expect(screen.getByRole('heading', { name: 'Users' })).toBeInTheDocument();
    expect(screen.getByText('Loading users...')).toBeInTheDocument();
    reply.resolve(page([ada, tunde]));
    const table = screen.getByRole('table', { name: 'Users' });
    const row = (await within(table).findByText('EMP-0001')).closest('tr')!;
    expect(within(row).getByText('Ada Obi')).toBeInTheDocument();
    expect(within(row).getByText('ada@clinic.ng')).toBeInTheDocument();
    expect(within(row).getByText('Pharmacist')).toBeInTheDocument();
    expect(within(row).getByText('Active')).toBeInTheDocument();
    const other = within(table).getByText('EMP-0002').closest('tr')!;
    expect(within(other).getByText('Lab Staff')).toBeInTheDocument();
    expect(within(other).getByText('Inactive')).toBeInTheDocument();
    expect(screen.queryByText('Loading users...')).not.toBeInTheDocument();
    expect(listCalls()[0]!.query.get('page')).toBe('1');
    expect(listCalls()[0]!.query.get('limit')).toBe('10');
    expect(listCalls()[0]!.auth).toBe('Bearer admin-token');
  });

  it("says 'Not signed in yet' for a member who never signed in, and nothing for one who has", async () => {
    // An invite whose address signs in to another hospital's account reads as any new member (issue 33).
    const invited = { ...ada, lastSignInAt: null };
    const signedIn = { ...tunde, lastSignInAt: '2026-11-20T08:15:00.000Z' };
    api = fakeApi({ 'GET /users': () => page([invited, signedIn]) });
    render(<UsersPage />);
    const table = await screen.findByRole('table', { name: 'Users' });
    const invitedRow = (await within(table).findByText('EMP-0001')).closest('tr')!;
    expect(within(invitedRow).getByText('Not signed in yet')).toBeInTheDocument();
    expect(within(invitedRow).getByText('Active')).toBeInTheDocument();
    const signedInRow = within(table).getByText('EMP-0002').closest('tr')!;
    expect(within(signedInRow).queryByText('Not signed in yet')).not.toBeInTheDocument();
  });

  it("shows 'No users found' when the search matches nobody, searching from page 1", async () => {
    api = fakeApi({
      'GET /users': (call) => (call.query.get('search') ? page([]) : page([ada], 3)),
    });
    render(<UsersPage />);
    await screen.findByText('Ada Obi');
    await user.click(screen.getByRole('button', { name: 'Page 2' }));
    await waitFor(() => expect(listCalls().at(-1)!.query.get('page')).toBe('2'));
    await user.type(screen.getByPlaceholderText('Search by name, ID'), 'zzz');
    expect(await screen.findByText('No users found', {}, { timeout: 3000 })).toBeInTheDocument();
    const searches = listCalls().filter((c) => c.query.get('search'));
    // Debounced: one request for the whole word, not one per key.
    expect(searches.map((c) => c.query.get('search'))).toEqual(['zzz']);
    expect(searches[0]!.query.get('page')).toBe('1');
  });

  it('sends the role filter as the server code and the status in lower case', async () => {
    api = fakeApi({ 'GET /users': () => page([tunde]) });
    render(<UsersPage />);
    await screen.findByText('Tunde Bello');
    await user.click(screen.getByRole('button', { name: /All Roles/ }));
    await user.click(await screen.findByRole('option', { name: 'Lab Staff' }));
    await user.click(screen.getByRole('button', { name: /All Status/ }));
    await user.click(await screen.findByRole('option', { name: 'Inactive' }));
    await waitFor(
      () => {
        const last = listCalls().at(-1)!;
        expect(last.query.get('role')).toBe('lab_technician');
        expect(last.query.get('status')).toBe('inactive');
      },
      { timeout: 3000 },
    );
  });

  it("shows the server's message in an error banner when the list cannot be fetched", async () => {
    api = fakeApi({ 'GET /users': () => ({ status: 503, body: { success: false, message: 'Service unavailable' } }) });
    render(<UsersPage />);
    expect(await screen.findByText('Service unavailable')).toBeInTheDocument();
    expect(screen.getByText('Users could not be loaded.')).toBeInTheDocument();
  });

  it("falls back to 'Failed to fetch users' when the server gives no message", async () => {
    api = fakeApi({ 'GET /users': () => ({ status: 500 }) });
    render(<UsersPage />);
    expect(await screen.findByText('Failed to fetch users')).toBeInTheDocument();
  });
});

describe('Add New User', () => {
  it('opens the Add New User dialog at once when reached from the dashboard (?add=1)', async () => {
    api = fakeApi({ 'GET /users': () => page([ada]) });
    window.history.replaceState(null, '', '/admin/users?add=1');
    try {
      render(<UsersPage />);
      expect(screen.getByRole('dialog', { name: 'Add New User' })).toBeInTheDocument();
    } finally {
      window.history.replaceState(null, '', '/');
    }
  });

  async function openAddUser(handler: FakeHandler) {
    api = fakeApi({ 'GET /users': () => page([ada]), 'POST /users': handler });
    render(<UsersPage />);
    await screen.findByText('Ada Obi');
    await user.click(screen.getByRole('button', { name: 'Add New User' }));
    return screen.getByRole('dialog', { name: 'Add New User' });
  }

  it('keeps Add User disabled until name and email are filled, then splits the name', async () => {
    const dialog = await openAddUser(() => created());
    const submit = within(dialog).getByRole('button', { name: 'Add User' });
    expect(submit).toBeDisabled();
    await user.type(within(dialog).getByLabelText(/Full name/), 'Ngozi Ada Eze');
    expect(submit).toBeDisabled();
    expect(within(dialog).getByText('Please fill in all required fields')).toBeInTheDocument();
    expect(within(dialog).getByLabelText(/Email/)).toHaveAttribute('type', 'email');
    await user.type(within(dialog).getByLabelText(/Email/), 'ngozi@clinic.ng');
    expect(submit).toBeEnabled();
    await user.click(within(dialog).getByRole('button', { name: /Role/ }));
    await user.click(await screen.findByRole('option', { name: 'Pharmacist' }));
    await user.click(submit);
    expect(await screen.findByText('User created successfully! Invitation email sent.')).toBeInTheDocument();
    const post = api.calls.find((c) => c.method === 'POST')!;
    expect(post.body).toEqual({
      firstName: 'Ngozi',
      lastName: 'Ada Eze',
      email: 'ngozi@clinic.ng',
      role: 'pharmacist',
    });
    expect(screen.queryByRole('dialog', { name: 'Add New User' })).not.toBeInTheDocument();
    await waitFor(() => expect(listCalls()).toHaveLength(2));
  });

  it('uses a single-word name as both first and last name', async () => {
    const dialog = await openAddUser(() => created());
    await user.type(within(dialog).getByLabelText(/Full name/), '  Chidi ');
    await user.type(within(dialog).getByLabelText(/Email/), 'chidi@clinic.ng');
    await user.click(within(dialog).getByRole('button', { name: 'Add User' }));
    await screen.findByText('User created successfully! Invitation email sent.');
    expect(api.calls.find((c) => c.method === 'POST')!.body).toMatchObject({
      firstName: 'Chidi',
      lastName: 'Chidi',
      role: 'doctor',
    });
  });

  it("keeps the form open with the server's message when the email is taken", async () => {
    const dialog = await openAddUser(() => ({
      status: 409,
      body: { success: false, message: 'A user with this email already exists' },
    }));
    await user.type(within(dialog).getByLabelText(/Full name/), 'Ada Obi');
    await user.type(within(dialog).getByLabelText(/Email/), 'ada@clinic.ng');
    await user.click(within(dialog).getByRole('button', { name: 'Add User' }));
    expect(await within(dialog).findByText('A user with this email already exists')).toBeInTheDocument();
  });

  it("says 'HTTP error! status: N' when creation fails without a message", async () => {
    const dialog = await openAddUser(() => ({ status: 502 }));
    await user.type(within(dialog).getByLabelText(/Full name/), 'Ada Obi');
    await user.type(within(dialog).getByLabelText(/Email/), 'ada2@clinic.ng');
    await user.click(within(dialog).getByRole('button', { name: 'Add User' }));
    expect(await within(dialog).findByText('HTTP error! status: 502')).toBeInTheDocument();
  });
});

describe('Edit and delete', () => {
  it('updates the name and active status, pinning the version it read', async () => {
    api = fakeApi({
      'GET /users': () => page([ada]),
      'PUT /users/u-1': () => updated(ada),
    });
    render(<UsersPage />);
    await user.click(await screen.findByRole('button', { name: 'Edit Ada Obi' }));
    const dialog = screen.getByRole('dialog', { name: 'Edit User' });
    const name = within(dialog).getByLabelText(/Full name/);
    const update = within(dialog).getByRole('button', { name: 'Update User' });
    await user.clear(name);
    expect(update).toBeDisabled();
    await user.type(name, 'Ada Obi-Nwosu');
    await user.click(within(dialog).getByRole('switch', { name: 'Active' }));
    await user.click(update);
    await screen.findByText('User updated successfully');
    expect(api.calls.find((c) => c.method === 'PUT')!.body).toEqual({
      firstName: 'Ada',
      lastName: 'Obi-Nwosu',
      email: 'ada@clinic.ng',
      role: 'pharmacist',
      isActive: false,
      expectedVersion: 3,
    });
  });

  it('deletes a user after confirmation and reloads the list', async () => {
    api = fakeApi({
      'GET /users': () => page([ada]),
      'DELETE /users/u-1': () => deleted(),
    });
    render(<UsersPage />);
    await user.click(await screen.findByRole('button', { name: 'Delete Ada Obi' }));
    const dialog = screen.getByRole('alertdialog', { name: 'Delete User' });
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    await screen.findByText('User deleted successfully');
    expect(api.calls.filter((c) => c.method === 'DELETE')).toHaveLength(1);
    await waitFor(() => expect(listCalls()).toHaveLength(2));
  });

  it('shows why a delete was refused, e.g. an admin deleting themself', async () => {
    api = fakeApi({
      'GET /users': () => page([ada]),
      'DELETE /users/u-1': () => ({
        status: 403,
        body: { success: false, message: 'You cannot delete your own account' },
      }),
    });
    render(<UsersPage />);
    await user.click(await screen.findByRole('button', { name: 'Delete Ada Obi' }));
    const dialog = screen.getByRole('alertdialog', { name: 'Delete User' });
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    expect(await within(dialog).findByText('You cannot delete your own account')).toBeInTheDocument();
  });
});
