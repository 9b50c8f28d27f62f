import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createStore, Provider } from 'jotai';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { DEFAULT_TIME_ZONE } from '../../../shared/hospital-calendar';
import { longDate } from '../../lib/dates';
import { notificationsAtom, type AppNotification } from '../../lib/notifications';
import { sessionAtom, type SessionUser } from '../../lib/session';
import { fakeApi } from '../../lib/testing/fake-api';
import AppShell from './app-shell';
import ComingSoonPage from './coming-soon-page';
import { loggedOut } from '../../app/testing/identity-answers';

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

function Where() {
  return <p data-testid="where">{useLocation().pathname}</p>;
}

let api: ReturnType<typeof fakeApi>;
function renderShell(path: string, user: SessionUser | null = admin) {
  const store = createStore();
  if (user)
    store.set(sessionAtom, { status: 'signed-in', kind: user.role === 'admin' ? 'admin' : 'user', token: 't', user });
  else store.set(sessionAtom, { status: 'anonymous' });
  render(
    <Provider store={store}>
      <MemoryRouter initialEntries={[path]}>
        <Routes>
          <Route path="/admin/login" element={<Where />} />
          <Route
            path="*"
            element={
              <AppShell>
                <ComingSoonPage />
              </AppShell>
            }
          />
        </Routes>
      </MemoryRouter>
    </Provider>,
  );
  return store;
}

beforeEach(() => {
  localStorage.setItem('hms.adminToken', 't');
  const inbox = () => ({ body: { success: true, data: { notifications: [], unreadCount: 0 } } });
  api = fakeApi({
    'POST /admin/logout': () => loggedOut('admin'),
    'POST /notifications/dismiss': inbox,
    'POST /notifications/read': inbox,
  });
});
afterEach(() => {
  api.restore();
  localStorage.clear();
});

describe('App shell', () => {
  it('shows the greeting, today, the person and the clinic brand', () => {
    renderShell('/admin/settings');
    const header = screen.getByRole('banner');
    expect(within(header).getByText('Hello Amaka')).toBeInTheDocument();
    expect(within(header).getByText(`Today is ${longDate(new Date(), DEFAULT_TIME_ZONE)}`)).toBeInTheDocument();
    expect(within(header).getByText('Amaka Okafor')).toBeInTheDocument();
    expect(within(header).getByText('amaka@clinic.ng')).toBeInTheDocument();
    expect(within(header).getByText('AO')).toBeInTheDocument();
    expect(within(header).getByRole('link', { name: /^My profile Amaka Okafor/ })).toHaveAttribute(
      'href',
      '/admin/profile',
    );
    expect(screen.getByText('Lagos Clinic')).toBeInTheDocument();
  });

  it("falls back to 'Hello Admin' without a name", () => {
    renderShell('/admin/settings', { ...admin, name: '' });
    expect(screen.getByText('Hello Admin')).toBeInTheDocument();
  });

  it("falls back to 'Hello User' for staff without a name", () => {
    renderShell('/user/report', { ...admin, name: '', role: 'pharmacist', roleId: 5 });
    expect(screen.getByText('Hello User')).toBeInTheDocument();
    // Staff reach their own profile from the header too (issue 24).
    expect(within(screen.getByRole('banner')).getByRole('link', { name: /^My profile/ })).toHaveAttribute(
      'href',
      '/user/profile',
    );
  });

  it('names the screen that is coming soon and links back to the dashboard', () => {
    renderShell('/user/prescription-request', { ...admin, role: 'pharmacist', roleId: 5 });
    expect(screen.getByRole('heading', { level: 1, name: 'Prescription Request' })).toBeInTheDocument();
    expect(screen.getByText(/coming soon/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to dashboard' })).toHaveAttribute('href', '/user/dashboard');
    expect(screen.getByRole('link', { name: 'Prescription Request' })).toHaveAttribute('aria-current', 'page');
  });

  it('opens the notifications with their empty state and connection status', async () => {
    renderShell('/admin/settings');
    await userEvent.click(screen.getByRole('button', { name: 'Notifications' }));
    const dropdown = await screen.findByRole('dialog', { name: 'Notifications' });
    expect(within(dropdown).getByText('No notifications yet')).toBeInTheDocument();
    expect(within(dropdown).getByText("You'll see real-time updates here")).toBeInTheDocument();
    expect(within(dropdown).getByText('Disconnected')).toBeInTheDocument();
  });

  it('caps the badge at 99+ and lists, removes and clears notifications', async () => {
    const store = renderShell('/admin/settings');
    const notes: AppNotification[] = Array.from({ length: 120 }, (_, i) => ({
      id: `n${i}`,
      type: 'patient_created',
      title: `Patient ${i}`,
      message: 'x'.repeat(80),
      timestamp: new Date().toISOString(),
      priority: 'high',
    }));
    store.set(notificationsAtom, notes.slice(0, 50));
    await waitFor(() => expect(screen.getByRole('button', { name: 'Notifications, 50 new' })).toHaveTextContent('50'));
    store.set(notificationsAtom, notes);
    const bell = await screen.findByRole('button', { name: 'Notifications, 120 new' });
    expect(bell).toHaveTextContent('99+');
    store.set(notificationsAtom, notes.slice(0, 2));
    await userEvent.click(await screen.findByRole('button', { name: 'Notifications, 2 new' }));
    const dropdown = await screen.findByRole('dialog', { name: 'Notifications' });
    expect(within(dropdown).getByText('You have 2 new notifications')).toBeInTheDocument();
    expect(within(dropdown).getAllByText(`${'x'.repeat(60)}...`)).toHaveLength(2);
    expect(within(dropdown).getByText('Showing latest 2 notifications')).toBeInTheDocument();
    await userEvent.click(within(dropdown).getByRole('button', { name: 'Remove Patient 0' }));
    expect(within(dropdown).getByText('You have 1 new notification')).toBeInTheDocument();
    await userEvent.click(within(dropdown).getByRole('button', { name: 'Clear all' }));
    expect(within(dropdown).getByText('No notifications yet')).toBeInTheDocument();
  });

  it('opens the menu as a drawer, closes it with Escape and returns focus to the menu button', async () => {
    renderShell('/admin/settings');
    const opener = screen.getByRole('button', { name: 'Open menu' });
    await userEvent.click(opener);
    const drawer = await screen.findByRole('dialog', { name: 'Menu' });
    expect(within(drawer).getByRole('link', { name: 'Users' })).toHaveAttribute('href', '/admin/users');
    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Menu' })).not.toBeInTheDocument());
    // react-aria hands focus back on the next animation frame.
    await waitFor(() => expect(opener).toHaveFocus());
  });

  it('logs out from the menu to the admin login', async () => {
    const store = renderShell('/admin/settings');
    const menus = screen.getAllByRole('navigation', { name: 'Main menu' });
    await userEvent.click(within(menus[0]!).getByRole('button', { name: 'Logout' }));
    expect(await screen.findByTestId('where')).toHaveTextContent('/admin/login');
    expect(store.get(sessionAtom)).toEqual({ status: 'anonymous' });
    expect(localStorage.getItem('hms.adminToken')).toBeNull();
  });
});
