import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createStore, Provider } from 'jotai';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { patientsEndpoint, patientStatsEndpoint } from '../../../shared/api/patients';
import { userStatsEndpoint } from '../../../shared/api/users';
import { answer, fakeApi, routeOf, type FakeHandler } from '../../lib/testing/fake-api';
import { statusCounts } from '../../lib/testing/patient-counts';
import { sessionAtom, type SessionUser } from '../../lib/session';
import AdminDashboardPage from './admin-dashboard-page';

vi.setConfig({ testTimeout: 20_000 });

const admin: SessionUser = {
  id: 'admin-1',
  name: 'Amaka Okafor',
  email: 'amaka@clinic.ng',
  initials: 'AO',
  role: 'admin',
  roleId: 0,
  hospital: { id: 'h1', hospitalId: 'HOSP-1', name: 'Lagos Clinic', status: 'active' },
  mustChangePassword: false,
};

const routes = (overrides: Record<string, FakeHandler> = {}): Record<string, FakeHandler> => ({
  [routeOf(userStatsEndpoint)]: () =>
    answer(userStatsEndpoint, {
      totalUsers: 6,
      active: 5,
      inactive: 1,
      byRole: { doctor: 3, nurse: 2, pharmacist: 1 },
      plan: { code: 'clinic', name: 'Clinic', maxUsers: 7, usedSeats: 7 },
    }),
  [routeOf(patientsEndpoint)]: () =>
    answer(patientsEndpoint, { patients: [], pagination: { page: 1, limit: 1, totalPages: 42, totalPatients: 42 } }),
  [routeOf(patientStatsEndpoint)]: () =>
    answer(patientStatsEndpoint, {
      totalPatients: 42,
      registeredToday: 2,
      byStatus: statusCounts({ waiting: 30, 'refer for test': 12 }),
      seenCount: 0,
    }),
  ...overrides,
});

let api: ReturnType<typeof fakeApi>;

function renderDashboard() {
  const store = createStore();
  store.set(sessionAtom, { status: 'signed-in', kind: 'admin', token: 't', user: admin });
  return render(
    <Provider store={store}>
      <AdminDashboardPage />
    </Provider>,
  );
}

beforeEach(() => localStorage.setItem('hms.adminToken', 't'));
afterEach(() => {
  api.restore();
  localStorage.clear();
});

const metric = (label: string) => within(screen.getByRole('group', { name: label })).getByTestId('metric-value');

describe('Admin dashboard', () => {
  it('reads Total Users and Total Patients from the API', async () => {
    api = fakeApi(routes());
    renderDashboard();
    expect(screen.getByRole('heading', { name: 'Admin Dashboard' })).toBeInTheDocument();
    await waitFor(() => expect(metric('Total Users')).toHaveTextContent('6'));
    expect(metric('Total Patients')).toHaveTextContent('42');
    const patientsCall = api.calls.find((c) => c.path === '/patients')!;
    expect(patientsCall.query.get('page')).toBe('1');
    expect(patientsCall.query.get('limit')).toBe('1');
    expect(screen.queryByText('Failed to load some dashboard metrics')).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Add User' })).toHaveAttribute('href', '/admin/users');
  });

  it('leaves the greeting and the date to the header instead of repeating them', () => {
    api = fakeApi(routes());
    renderDashboard();
    expect(screen.queryByText(/Today is/)).not.toBeInTheDocument();
    expect(screen.queryByText(/Amaka/)).not.toBeInTheDocument();
  });

  it("shows the plan's seats under Total Users", async () => {
    api = fakeApi(routes());
    renderDashboard();
    const card = screen.getByRole('group', { name: 'Total Users' });
    expect(await within(card).findByText('7 of 7 seats used (including you)')).toBeInTheDocument();
  });

  it('shows an unlimited plan as a count of users', async () => {
    api = fakeApi(
      routes({
        [routeOf(userStatsEndpoint)]: () =>
          answer(userStatsEndpoint, {
            totalUsers: 11,
            active: 11,
            inactive: 0,
            byRole: { doctor: 11 },
            plan: { code: 'hospital', name: 'Hospital', maxUsers: null, usedSeats: 12 },
          }),
      }),
    );
    renderDashboard();
    const card = screen.getByRole('group', { name: 'Total Users' });
    expect(await within(card).findByText('12 users (Hospital plan, unlimited)')).toBeInTheDocument();
  });

  it("warns 'Failed to load some dashboard metrics' and keeps the figure that did load", async () => {
    api = fakeApi(routes({ 'GET /users/stats': () => ({ status: 500, body: { success: false, message: 'boom' } }) }));
    renderDashboard();
    expect(await screen.findByText('Failed to load some dashboard metrics')).toBeInTheDocument();
    expect(metric('Total Users')).toHaveTextContent('—');
    expect(metric('Total Patients')).toHaveTextContent('42');
  });

  it('charts the real patient counts by status, largest first, with rounded percentages', async () => {
    api = fakeApi(routes());
    renderDashboard();
    const legend = await screen.findByRole('table', { name: 'Patients by status' });
    const rows = within(legend)
      .getAllByRole('row')
      .slice(1)
      .map((row) => row.textContent);
    expect(rows).toEqual(['Waiting3071%', 'Pending Tests1229%']);
    expect(screen.getByRole('img', { name: 'Patients by status: Waiting 30, Pending Tests 12' })).toBeInTheDocument();
  });

  it('says there are no patients yet instead of drawing an empty chart', async () => {
    const none = { totalPatients: 0, registeredToday: 0, byStatus: statusCounts(), seenCount: 0 };
    api = fakeApi(routes({ [routeOf(patientStatsEndpoint)]: () => answer(patientStatsEndpoint, none) }));
    renderDashboard();
    expect(await screen.findByText('No patients yet')).toBeInTheDocument();
    expect(screen.queryByRole('table', { name: 'Patients by status' })).not.toBeInTheDocument();
  });

  it("shows 'Unable to load real-time data' when the patient statuses cannot be read", async () => {
    api = fakeApi(routes({ 'GET /patients/stats': () => ({ status: 503 }) }));
    renderDashboard();
    expect(await screen.findByText('Unable to load real-time data')).toBeInTheDocument();
  });

  it('shows the empty Recent Activities state rather than sample entries', async () => {
    api = fakeApi(routes());
    renderDashboard();
    const table = screen.getByRole('table', { name: 'Recent activities' });
    expect(within(table).getByText('No recent activities')).toBeInTheDocument();
    expect(within(table).getByText('Real-time activities will appear here when events occur')).toBeInTheDocument();
    expect(within(table).getAllByRole('row')).toHaveLength(2);
  });

  it('offers the four quick actions, each leading somewhere', () => {
    api = fakeApi(routes());
    renderDashboard();
    const panel = screen.getByRole('region', { name: 'Quick Actions' });
    const links = within(panel).getAllByRole('link');
    expect(links).toHaveLength(4);
    expect(within(panel).getByRole('link', { name: /Add New User/ })).toHaveAttribute('href', '/admin/users?add=1');
    expect(within(panel).getByRole('link', { name: /View Reports/ })).toHaveAttribute('href', '/admin/audit');
    expect(within(panel).getByRole('link', { name: /Manage Departments/ })).toHaveAttribute('href', '/admin/users');
    expect(within(panel).getByRole('link', { name: /System Settings/ })).toHaveAttribute('href', '/admin/settings');
  });

  it("shows 'Complete Your Profile' after a second and remembers 'Not Now' for this admin", async () => {
    api = fakeApi(routes());
    const first = renderDashboard();
    expect(screen.queryByRole('region', { name: 'Complete Your Profile' })).not.toBeInTheDocument();
    const banner = await screen.findByRole('region', { name: 'Complete Your Profile' }, { timeout: 3000 });
    expect(within(banner).getByRole('progressbar', { name: 'Profile completion' })).toHaveAttribute(
      'aria-valuenow',
      '35',
    );
    expect(within(banner).getByRole('link', { name: 'Go to Profile' })).toHaveAttribute('href', '/admin/profile');
    await userEvent.click(within(banner).getByRole('button', { name: 'Not Now' }));
    expect(screen.queryByRole('region', { name: 'Complete Your Profile' })).not.toBeInTheDocument();
    first.unmount();
    renderDashboard();
    await new Promise((r) => setTimeout(r, 1500));
    expect(screen.queryByRole('region', { name: 'Complete Your Profile' })).not.toBeInTheDocument();
  });
});
