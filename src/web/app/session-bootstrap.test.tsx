import { act, render, screen, waitFor } from '@testing-library/react';
import { createStore, Provider } from 'jotai';
import { ToastContainer } from 'react-toastify';
import { afterEach, describe, expect, it } from 'vitest';
import { request } from '../lib/api-client';
import { sessionAtom, type SessionState } from '../lib/session';
import { fakeApi, type FakeHandler } from '../lib/testing/fake-api';
import { askStoredSession, SessionBootstrap } from './session-bootstrap';
import { adminAnswer, meAnswer, profileAnswer } from './testing/identity-answers';

let api: ReturnType<typeof fakeApi> | undefined;

function boot(session: SessionState, routes: Record<string, FakeHandler>, preload?: () => Promise<unknown>) {
  api = fakeApi(routes);
  const store = createStore();
  store.set(sessionAtom, session);
  render(
    <Provider store={store}>
      <SessionBootstrap preload={preload}>
        <p>app</p>
      </SessionBootstrap>
      <ToastContainer />
    </Provider>,
  );
  return store;
}

const PROFILE = profileAnswer({ hospital: { id: 'h-1', hospitalId: 'HMS-7Q4K2X', name: 'Lagoon', status: 'active' } });
const ME = meAnswer({
  id: 'u-9',
  firstName: 'Amina',
  lastName: 'Yusuf',
  email: 'amina@lagoon.ng',
  role: 'lab_technician',
  mustChangePassword: true,
});

afterEach(() => {
  api?.restore();
  api = undefined;
  localStorage.clear();
});

describe('Session bootstrap', () => {
  it('resolves a stored admin token through /admin/profile', async () => {
    localStorage.setItem('hms.adminToken', 'admin-jwt');
    const store = boot({ status: 'loading', kind: 'admin' }, { 'GET /admin/profile': () => PROFILE });
    await waitFor(() => expect(store.get(sessionAtom).status).toBe('signed-in'));
    expect(store.get(sessionAtom)).toMatchObject({
      kind: 'admin',
      token: 'admin-jwt',
      user: { id: 'adm-1', name: 'Ngozi Okafor', role: 'admin', hospital: { hospitalId: 'HMS-7Q4K2X' } },
    });
    expect(api!.calls).toMatchObject([{ path: '/admin/profile', auth: 'Bearer admin-jwt' }]);
  });

  it("resolves a stored user token through /auth/me, keeping the server's mustChangePassword", async () => {
    localStorage.setItem('hms.userToken', 'user-jwt');
    const store = boot({ status: 'loading', kind: 'user' }, { 'GET /auth/me': () => ME });
    await waitFor(() => expect(store.get(sessionAtom).status).toBe('signed-in'));
    expect(store.get(sessionAtom)).toMatchObject({
      kind: 'user',
      user: { name: 'Amina Yusuf', initials: 'AY', role: 'lab_technician', roleId: 4, mustChangePassword: true },
    });
  });

  it("sets the session once the screen's code has come as well, so the screen renders whole at once", async () => {
    localStorage.setItem('hms.adminToken', 'admin-jwt');
    let arrive: () => void = () => undefined;
    const code = new Promise<void>((resolve) => (arrive = resolve));
    const store = boot({ status: 'loading', kind: 'admin' }, { 'GET /admin/profile': () => PROFILE }, () => code);
    await waitFor(() => expect(api!.calls).toHaveLength(1));
    // The answer is in; the code is not: still loading.
    await new Promise((r) => setTimeout(r, 50));
    expect(store.get(sessionAtom).status).toBe('loading');
    arrive();
    await waitFor(() => expect(store.get(sessionAtom).status).toBe('signed-in'));
  });

  it("signs in all the same when the screen's code fails to come (the screen reports it)", async () => {
    localStorage.setItem('hms.adminToken', 'admin-jwt');
    const store = boot({ status: 'loading', kind: 'admin' }, { 'GET /admin/profile': () => PROFILE }, () =>
      Promise.reject(new Error('chunk failed')),
    );
    await waitFor(() => expect(store.get(sessionAtom).status).toBe('signed-in'));
  });

  it('takes the answer to the question asked before the first render, and asks no second time', async () => {
    localStorage.setItem('hms.adminToken', 'admin-jwt');
    api = fakeApi({ 'GET /admin/profile': () => PROFILE });
    askStoredSession();
    await waitFor(() => expect(api!.calls).toHaveLength(1));
    const store = createStore();
    store.set(sessionAtom, { status: 'loading', kind: 'admin' });
    render(
      <Provider store={store}>
        <SessionBootstrap>
          <p>app</p>
        </SessionBootstrap>
      </Provider>,
    );
    await waitFor(() => expect(store.get(sessionAtom).status).toBe('signed-in'));
    expect(api.calls).toHaveLength(1);
  });

  it('clears the token and signs out when the profile cannot be read', async () => {
    localStorage.setItem('hms.adminToken', 'admin-jwt');
    const store = boot({ status: 'loading', kind: 'admin' }, { 'GET /admin/profile': () => ({ status: 500 }) });
    await waitFor(() => expect(store.get(sessionAtom)).toEqual({ status: 'anonymous' }));
    expect(localStorage.getItem('hms.adminToken')).toBeNull();
  });

  it("signs out with 'Session expired. Please login again.' when any call answers 401", async () => {
    localStorage.setItem('hms.adminToken', 'admin-jwt');
    const store = boot(
      {
        status: 'signed-in',
        kind: 'admin',
        token: 'admin-jwt',
        user: { ...adminAnswer(), roleId: 0, hospital: null, mustChangePassword: false },
      },
      { 'GET /patients': () => ({ status: 401, body: { success: false, message: 'Unauthorized' } }) },
    );
    await act(() => request('patients').catch(() => undefined));
    expect(await screen.findByText('Session expired. Please login again.')).toBeInTheDocument();
    expect(store.get(sessionAtom)).toEqual({ status: 'anonymous' });
    expect(localStorage.getItem('hms.adminToken')).toBeNull();
  });

  it('follows a sign-out in another tab', async () => {
    localStorage.setItem('hms.userToken', 'user-jwt');
    const store = boot({ status: 'loading', kind: 'user' }, { 'GET /auth/me': () => ME });
    await waitFor(() => expect(store.get(sessionAtom).status).toBe('signed-in'));
    localStorage.removeItem('hms.userToken');
    act(() => window.dispatchEvent(new StorageEvent('storage', { key: 'hms.userToken', newValue: null })));
    expect(store.get(sessionAtom)).toEqual({ status: 'anonymous' });
  });
});
