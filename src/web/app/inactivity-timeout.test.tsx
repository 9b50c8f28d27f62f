import { act, fireEvent, render, screen } from '@testing-library/react';
import { Route, Routes } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { sessionAtom } from '../lib/session';
import { hospitalSettingsEndpoint } from '../../shared/api/hospitals';
import { answer, fakeApi, routeOf } from '../lib/testing/fake-api';
import { HospitalInactivityTimeout, InactivityTimeout } from './inactivity-timeout';
import { ADMIN_USER, signedIn, withSession } from './testing/session-fixtures';
import { loggedOut } from './testing/identity-answers';

const IDLE_MS = 60_000;
let api: ReturnType<typeof fakeApi>;

function renderTimeout(element = <InactivityTimeout idleMs={IDLE_MS} />) {
  localStorage.setItem('hms.adminToken', 'admin-jwt');
  const { store, ui } = withSession(
    signedIn(ADMIN_USER, 'admin-jwt'),
    '/admin/dashboard',
    <Routes>
      <Route path="/admin/dashboard" element={element} />
      <Route path="/admin/login" element={<p>admin login form</p>} />
    </Routes>,
  );
  render(ui);
  return store;
}

/** Moves the clock and lets timers and the promises they start settle. */
const advance = (ms: number) => act(() => vi.advanceTimersByTimeAsync(ms));
const dialog = () => screen.queryByRole('alertdialog', { name: 'Session Timeout Warning' });
const path = () => screen.getByTestId('current-path').textContent;

beforeEach(() => {
  vi.useFakeTimers();
  api = fakeApi({ 'POST /admin/logout': () => loggedOut('admin') });
});
afterEach(() => {
  vi.useRealTimers();
  api.restore();
  localStorage.clear();
});

describe('Inactivity time-out', () => {
  it('warns with a 30-second countdown once the idle time has passed, not before', async () => {
    renderTimeout();
    await advance(IDLE_MS - 1000);
    expect(dialog()).not.toBeInTheDocument();
    await advance(1000);
    expect(dialog()).toBeInTheDocument();
    expect(dialog()).toHaveTextContent('You will be logged out in 0:30.');
    await advance(10_000);
    expect(dialog()).toHaveTextContent('You will be logged out in 0:20.');
  });

  it('Continue Session closes the warning and restarts the full idle time', async () => {
    renderTimeout();
    await advance(IDLE_MS + 5000);
    fireEvent.click(screen.getByRole('button', { name: 'Continue Session' }));
    expect(dialog()).not.toBeInTheDocument();
    await advance(IDLE_MS - 2000);
    expect(dialog()).not.toBeInTheDocument();
    expect(path()).toBe('/admin/dashboard');
    await advance(2000);
    expect(dialog()).toBeInTheDocument();
  });

  it('signs out when the countdown reaches zero: tokens cleared, server told, login page', async () => {
    const store = renderTimeout();
    await advance(IDLE_MS + 29_000);
    expect(path()).toBe('/admin/dashboard');
    await advance(1000);
    expect(path()).toBe('/admin/login');
    expect(store.get(sessionAtom)).toEqual({ status: 'anonymous' });
    expect(localStorage.getItem('hms.adminToken')).toBeNull();
    expect(api.calls).toMatchObject([{ method: 'POST', path: '/admin/logout', auth: 'Bearer admin-jwt' }]);
    expect(screen.getByText('Logged out successfully')).toBeInTheDocument();
  });

  it('Logout Now signs out at once', async () => {
    const store = renderTimeout();
    await advance(IDLE_MS);
    fireEvent.click(screen.getByRole('button', { name: 'Logout Now' }));
    await advance(0);
    expect(path()).toBe('/admin/login');
    expect(store.get(sessionAtom)).toEqual({ status: 'anonymous' });
    expect(api.calls).toHaveLength(1);
  });

  it('counts a click, a key press or a touch as activity, a second after the burst ends', async () => {
    renderTimeout();
    await advance(30_000);
    fireEvent.click(document.body);
    fireEvent.keyDown(document.body, { key: 'a' });
    await advance(500);
    fireEvent.touchStart(document.body);
    // Recorded 1 s after the touch, at 31.5 s: the warning moves to 91.5 s (seen on the 92 s tick).
    await advance(IDLE_MS); // now 90.5 s
    expect(dialog()).not.toBeInTheDocument();
    await advance(1500);
    expect(dialog()).toBeInTheDocument();
  });

  it('ignores activity within 5 seconds of the last recorded one', async () => {
    renderTimeout();
    await advance(2000);
    fireEvent.click(document.body);
    // Recorded at 3 s would be within 5 s of the start: ignored, so the warning still comes at 60 s.
    await advance(IDLE_MS - 2000);
    expect(dialog()).toBeInTheDocument();
  });

  it('does not let ordinary activity dismiss the warning', async () => {
    renderTimeout();
    await advance(IDLE_MS);
    fireEvent.keyDown(document.body, { key: 'Escape' });
    fireEvent.click(document.body);
    await advance(2000);
    expect(dialog()).toBeInTheDocument();
    expect(dialog()).toHaveTextContent('0:28');
  });

  it("uses the hospital's idle time-out from its settings", async () => {
    api.restore();
    const settings = {
      name: 'Lagos Clinic',
      email: 'info@clinic.ng',
      registrationNumber: 'RGN/LAG/2024/0000001',
      licenseNumber: 'HEFAMAA/LAG/2024/CLI/000001',
      hospitalNumber: 'DVC/2024/000001',
      hospitalCode: 'HMS-1',
      address: null,
      phone: null,
      timeZone: 'Africa/Lagos',
      idleTimeoutMinutes: 5,
      defaultConsultationFee: 5000,
      logo: null,
      plan: 'clinic',
      opensAt: '08:00',
      closesAt: '18:00',
    };
    api = fakeApi({ [routeOf(hospitalSettingsEndpoint)]: () => answer(hospitalSettingsEndpoint, { settings }) });
    renderTimeout(<HospitalInactivityTimeout />);
    await advance(5 * 60_000 - 1000);
    expect(dialog()).not.toBeInTheDocument();
    await advance(1000);
    expect(dialog()).toBeInTheDocument();
  });
});
