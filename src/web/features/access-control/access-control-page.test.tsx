import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createStore, Provider } from 'jotai';
import { createMemoryRouter, Link, RouterProvider } from 'react-router-dom';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeApi, type FakeHandler } from '../../lib/testing/fake-api';
import AccessControlPage from './access-control-page';

vi.setConfig({ testTimeout: 20_000 });

const roles = [
  { code: 'admin', id: 0, label: 'Admin', locked: true },
  { code: 'doctor', id: 1, label: 'Doctor', locked: false },
  { code: 'pharmacist', id: 5, label: 'Pharmacist', locked: false },
];
const matrix = (pharmacy = ['admin', 'doctor', 'pharmacist'], version = 0) => ({
  modules: [
    { id: 'patients', name: 'Patient Management', roles: ['admin', 'doctor'] },
    { id: 'laboratory', name: 'Laboratory', roles: ['admin', 'doctor'] },
    { id: 'pharmacy', name: 'Pharmacy', roles: pharmacy },
    { id: 'billing', name: 'Billing & Invoicing', roles: ['admin'] },
    { id: 'reports', name: 'Report', roles: ['admin', 'doctor', 'pharmacist'] },
    { id: 'audit', name: 'Audit Logs', roles: ['admin'] },
  ],
  roles,
  version,
  updatedAt: null,
  updatedBy: null,
});
const ok = (data: unknown, message?: string) => ({ body: { success: true, data, message } });

let api: ReturnType<typeof fakeApi>;
afterEach(() => api?.restore());

function renderPage(routes: Record<string, FakeHandler>) {
  api = fakeApi(routes);
  const router = createMemoryRouter(
    [
      {
        path: '/admin/access-control',
        element: (
          <>
            <Link to="/admin/dashboard">Dashboard</Link>
            <AccessControlPage />
          </>
        ),
      },
      { path: '/admin/dashboard', element: <p>dashboard page</p> },
    ],
    { initialEntries: ['/admin/access-control'] },
  );
  render(
    <Provider store={createStore()}>
      <RouterProvider router={router} />
    </Provider>,
  );
}

const box = (name: string) => screen.getByRole('checkbox', { name });

describe('Access control page', () => {
  it('shows 5 modules per page with a checkbox per role, the admin column locked', async () => {
    renderPage({ 'GET /access-control': () => ok(matrix()) });
    expect(screen.getByText('Loading access control settings...')).toBeInTheDocument();
    expect(await screen.findByRole('checkbox', { name: 'Pharmacy: Pharmacist' })).toBeChecked();
    expect(box('Pharmacy: Admin')).toBeDisabled();
    expect(box('Billing & Invoicing: Doctor')).not.toBeChecked();
    const table = screen.getByRole('table', { name: 'Module access by role' });
    expect(within(table).getAllByRole('row')).toHaveLength(6);
    expect(screen.queryByText('Audit Logs')).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: /2/ }));
    expect(screen.getByText('Audit Logs')).toBeInTheDocument();
  });

  it('searches modules, with an empty state', async () => {
    renderPage({ 'GET /access-control': () => ok(matrix()) });
    const search = await screen.findByRole('searchbox', { name: 'Search modules' });
    await userEvent.type(search, 'lab');
    expect(screen.getAllByRole('row')).toHaveLength(2);
    await userEvent.type(search, 'zzz');
    expect(screen.getByText('No modules found matching your search')).toBeInTheDocument();
  });

  it('saves the changed matrix with the version it showed', async () => {
    renderPage({
      'GET /access-control': () => ok(matrix()),
      'PUT /access-control': () => ok(matrix(['admin', 'doctor'], 1), 'Access control settings saved successfully!'),
    });
    // The buttons show while the matrix loads: wait for its checkboxes.
    const pharmacist = await screen.findByRole('checkbox', { name: 'Pharmacy: Pharmacist' });
    const save = screen.getByRole('button', { name: 'Save Changes' });
    expect(save).toBeDisabled();
    await userEvent.click(pharmacist);
    expect(screen.getByText('You have unsaved changes.')).toBeInTheDocument();
    await userEvent.click(save);
    expect(await screen.findByText('Access control settings saved successfully!')).toBeInTheDocument();
    const put = api.calls.find((c) => c.method === 'PUT')!;
    expect(put.body).toMatchObject({ version: 0 });
    const sent = (put.body as { modules: { module: string; roles: string[] }[] }).modules;
    expect(sent.find((m) => m.module === 'pharmacy')!.roles).toEqual(['admin', 'doctor']);
    expect(box('Pharmacy: Pharmacist')).not.toBeChecked();
    expect(screen.queryByText('You have unsaved changes.')).not.toBeInTheDocument();
  });

  it('resets to the defaults and shows the server refusal on a failed save', async () => {
    renderPage({
      'GET /access-control': () => ok(matrix(['admin'])),
      'POST /access-control/reset': () => ok(matrix(), 'Access control settings reset to default'),
      'PUT /access-control': () => ({
        status: 409,
        body: { success: false, message: 'This record was changed by someone else. Reload and try again.' },
      }),
    });
    await screen.findByRole('checkbox', { name: 'Pharmacy: Pharmacist' });
    await userEvent.click(screen.getByRole('button', { name: 'Reset' }));
    expect(await screen.findByText('Access control settings reset to default')).toBeInTheDocument();
    expect(box('Pharmacy: Pharmacist')).toBeChecked();
    await userEvent.click(box('Pharmacy: Doctor'));
    await userEvent.click(screen.getByRole('button', { name: 'Save Changes' }));
    expect(
      await screen.findByText('This record was changed by someone else. Reload and try again.'),
    ).toBeInTheDocument();
  });

  it('shows the error state with a retry', async () => {
    renderPage({ 'GET /access-control': () => ({ status: 500, body: { success: false, message: 'Server error' } }) });
    expect(await screen.findByRole('button', { name: /retry|try again/i })).toBeInTheDocument();
  });

  it('asks before leaving with unsaved changes', async () => {
    renderPage({ 'GET /access-control': () => ok(matrix()) });
    await userEvent.click(await screen.findByRole('checkbox', { name: 'Report: Doctor' }));
    await userEvent.click(screen.getByRole('link', { name: 'Dashboard' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Unsaved changes' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Stay' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument());
    expect(box('Report: Doctor')).not.toBeChecked();
    await userEvent.click(screen.getByRole('link', { name: 'Dashboard' }));
    await userEvent.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Leave' }));
    expect(await screen.findByText('dashboard page')).toBeInTheDocument();
  });
});
