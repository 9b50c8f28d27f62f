import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createStore, Provider } from 'jotai';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { hospitalSettingsAtom, RECENT_SETTINGS_MS, useHospitalSettings } from '../../lib/hospital-settings';
import { sessionAtom, type SessionHospital } from '../../lib/session';
import { hospitalSettingsEndpoint, saveHospitalSettingsEndpoint } from '../../../shared/api/hospitals';
import { userStatsEndpoint } from '../../../shared/api/users';
import { answer, fakeApi, type FakeHandler, routeOf } from '../../lib/testing/fake-api';
import SettingsPage from './settings-page';

vi.setConfig({ testTimeout: 20_000 });

const settings = {
  name: 'Lagoon Hospital',
  email: 'info@lagoon.ng',
  registrationNumber: 'RGN/LAG/2024/0000001',
  licenseNumber: 'HEFAMAA/LAG/2024/CLI/000001',
  hospitalNumber: 'DVC/2024/000001',
  hospitalCode: 'HMS-1',
  address: null,
  phone: null,
  timeZone: 'Africa/Lagos',
  idleTimeoutMinutes: 10,
  defaultConsultationFee: 5000,
  logo: null,
  plan: 'clinic',
  opensAt: '08:00',
  closesAt: '18:00',
};
const plan = { code: 'clinic' as const, name: 'Clinic', maxUsers: 7, usedSeats: 3 };
const stats = () => answer(userStatsEndpoint, { totalUsers: 3, active: 3, inactive: 0, byRole: { doctor: 2 }, plan });

let api: ReturnType<typeof fakeApi>;
afterEach(() => api?.restore());

/** What the shell's idle time-out does on every guarded page: reads the shared settings. */
function ShellReader() {
  const shared = useHospitalSettings();
  return <p>{shared ? `Idle after ${shared.idleTimeoutMinutes} min` : 'No settings yet'}</p>;
}

/** The shell's answer before the page's code: the page mounts once the shell has read the settings (a slow chunk). */
function LateShell() {
  const shared = useHospitalSettings();
  return shared ? <SettingsPage /> : <p>No settings yet</p>;
}

function renderPage(
  routes: Record<string, FakeHandler>,
  hospital: SessionHospital | null = null,
  withShell: boolean | 'late' = false,
  before: (store: ReturnType<typeof createStore>) => void = () => undefined,
) {
  api = fakeApi({ [routeOf(userStatsEndpoint)]: stats, ...routes });
  const store = createStore();
  store.set(sessionAtom, {
    status: 'signed-in',
    kind: 'admin',
    token: 't',
    user: {
      id: 'adm',
      name: 'Ngozi',
      email: 'n@l.ng',
      initials: 'N',
      role: 'admin',
      roleId: 0,
      hospital,
      mustChangePassword: false,
    },
  });
  before(store);
  const element =
    withShell === 'late' ? (
      <LateShell />
    ) : withShell ? (
      <>
        <ShellReader />
        <SettingsPage />
      </>
    ) : (
      <SettingsPage />
    );
  const router = createMemoryRouter([{ path: '/', element }]);
  render(
    <Provider store={store}>
      <RouterProvider router={router} />
    </Provider>,
  );
  return store;
}

describe('Settings page', () => {
  it('shows the profile, the defaults and the plan with an upgrade', async () => {
    renderPage({ [routeOf(hospitalSettingsEndpoint)]: () => answer(hospitalSettingsEndpoint, { settings }) });
    expect(screen.getByText('Loading settings...')).toBeInTheDocument();
    expect(await screen.findByRole('textbox', { name: 'Idle time-out (minutes)' })).toHaveValue('10');
    expect(screen.getByRole('textbox', { name: 'Default consultation fee (₦)' })).toHaveValue('5000');
    expect(await screen.findByText(/3 of 7 seats used/)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: /Upgrade to Hospital/ })).toBeInTheDocument();
  });

  it('asks for the settings once when the shell and the page both read them on load', async () => {
    renderPage(
      { [routeOf(hospitalSettingsEndpoint)]: () => answer(hospitalSettingsEndpoint, { settings }) },
      null,
      true,
    );
    expect(await screen.findByRole('textbox', { name: 'Idle time-out (minutes)' })).toHaveValue('10');
    expect(await screen.findByText('Idle after 10 min')).toBeInTheDocument();
    expect(api.calls.filter((c) => c.method === 'GET' && c.path === '/hospital/settings')).toHaveLength(1);
  });

  it("takes the shell's copy when the shell's answer came before the page's code (one GET a load)", async () => {
    renderPage(
      { [routeOf(hospitalSettingsEndpoint)]: () => answer(hospitalSettingsEndpoint, { settings }) },
      null,
      'late',
    );
    expect(await screen.findByRole('textbox', { name: 'Idle time-out (minutes)' })).toHaveValue('10');
    expect(api.calls.filter((c) => c.method === 'GET' && c.path === '/hospital/settings')).toHaveLength(1);
  });

  it('asks the server again for a copy read before this load, so it never edits old settings', async () => {
    // The shell's copy, read a minute before this load, says 30 minutes; the server says 10.
    renderPage(
      { [routeOf(hospitalSettingsEndpoint)]: () => answer(hospitalSettingsEndpoint, { settings }) },
      null,
      false,
      (store) =>
        store.set(hospitalSettingsAtom, {
          userId: 'adm',
          settings: { ...settings, idleTimeoutMinutes: 30 },
          at: Date.now() - RECENT_SETTINGS_MS - 60_000,
        }),
    );
    expect(await screen.findByRole('textbox', { name: 'Idle time-out (minutes)' })).toHaveValue('10');
    expect(api.calls.filter((c) => c.method === 'GET' && c.path === '/hospital/settings')).toHaveLength(1);
  });

  it('saves the idle time-out, shares it with the session and shows field errors from the server', async () => {
    let fail = true;
    const store = renderPage({
      [routeOf(hospitalSettingsEndpoint)]: () => answer(hospitalSettingsEndpoint, { settings }),
      'PUT /hospital/settings': (call) =>
        fail
          ? {
              status: 400,
              body: {
                success: false,
                message: 'Idle time-out must be between 5 and 60 minutes',
                errors: [{ field: 'idleTimeoutMinutes', message: 'Idle time-out must be between 5 and 60 minutes' }],
              },
            }
          : answer(
              saveHospitalSettingsEndpoint,
              { settings: { ...settings, ...(call.body as Partial<typeof settings>), idleTimeoutMinutes: 15 } },
              'Hospital settings saved successfully!',
            ),
    });
    const idle = await screen.findByRole('textbox', { name: 'Idle time-out (minutes)' });
    await userEvent.clear(idle);
    await userEvent.type(idle, '90');
    await userEvent.click(screen.getByRole('button', { name: 'Save Changes' }));
    expect(await screen.findAllByText('Idle time-out must be between 5 and 60 minutes')).toHaveLength(2);
    fail = false;
    await userEvent.clear(idle);
    await userEvent.type(idle, '15');
    await userEvent.click(screen.getByRole('button', { name: 'Save Changes' }));
    expect(await screen.findByText('Hospital settings saved successfully!')).toBeInTheDocument();
    expect(api.calls.filter((c) => c.method === 'PUT').at(-1)!.body).toMatchObject({ idleTimeoutMinutes: 15 });
    expect(store.get(hospitalSettingsAtom)?.settings.idleTimeoutMinutes).toBe(15);
  });

  it("puts a saved new name in the session's copy of the hospital, which the sidebar shows", async () => {
    const store = renderPage(
      {
        [routeOf(hospitalSettingsEndpoint)]: () => answer(hospitalSettingsEndpoint, { settings }),
        'PUT /hospital/settings': (call) =>
          answer(
            saveHospitalSettingsEndpoint,
            { settings: { ...settings, ...(call.body as Partial<typeof settings>) } },
            'Saved',
          ),
      },
      { id: 'h-1', hospitalId: 'HMS-1', name: 'Lagoon Hospital', status: 'active' },
    );
    const name = await screen.findByRole('textbox', { name: 'Hospital name' });
    await userEvent.clear(name);
    await userEvent.type(name, 'Marina Specialist Hospital');
    await userEvent.click(screen.getByRole('button', { name: 'Save Changes' }));
    expect(await screen.findByText('Saved')).toBeInTheDocument();
    expect(store.get(sessionAtom)).toMatchObject({
      user: { hospital: { id: 'h-1', hospitalId: 'HMS-1', name: 'Marina Specialist Hospital' } },
    });
  });

  it('shows the error state when the settings cannot be read', async () => {
    renderPage({
      'GET /hospital/settings': () => ({ status: 500, body: { success: false, message: 'Server error' } }),
    });
    expect(await screen.findByRole('button', { name: /retry|try again/i })).toBeInTheDocument();
  });
});
