import { act, render, screen } from '@testing-library/react';
import { createStore, Provider } from 'jotai';
import { ToastContainer } from 'react-toastify';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { notificationsAtom, realtimeStatusAtom } from '../lib/notifications';
import { useLiveEvents } from '../lib/realtime/live-events';
import { sessionAtom } from '../lib/session';
import { fakeApi } from '../lib/testing/fake-api';
import { signedIn, STAFF_USER } from './testing/session-fixtures';
import LiveConnection from './live-connection';

class FakeWebSocket {
  static instances: FakeWebSocket[] = [];
  readyState = 0;
  sent: string[] = [];
  onopen: (() => void) | null = null;
  onclose: ((ev: { code: number; reason: string }) => void) | null = null;
  onerror: (() => void) | null = null;
  onmessage: ((ev: { data: string }) => void) | null = null;
  constructor(readonly url: string) {
    FakeWebSocket.instances.push(this);
  }
  send(frame: string) {
    this.sent.push(frame);
  }
  close() {
    this.readyState = 3;
  }
  push(type: string, data: Record<string, unknown> = {}) {
    act(() => this.onmessage?.({ data: JSON.stringify({ type, data, timestamp: new Date().toISOString() }) }));
  }
}

const history = {
  id: '7',
  type: 'hospital_announcement',
  title: 'Hospital Announcement',
  message: 'Drill at noon',
  priority: 'normal',
  timestamp: '2026-03-02T08:00:00.000Z',
  read: true,
  data: {},
};

function Probe({ seen }: { seen: string[] }) {
  useLiveEvents(['patient_status_changed'], (m) => seen.push(String(m.data.newStatus)));
  return null;
}

let api: ReturnType<typeof fakeApi>;
beforeEach(() => {
  vi.useFakeTimers({ shouldAdvanceTime: true });
  FakeWebSocket.instances = [];
  vi.stubGlobal('WebSocket', FakeWebSocket);
  api = fakeApi({
    'GET /notifications': () => ({ body: { success: true, data: { notifications: [history], unreadCount: 0 } } }),
  });
});
afterEach(() => {
  api.restore();
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

function renderLive() {
  const store = createStore();
  store.set(sessionAtom, signedIn(STAFF_USER, 'token-1'));
  localStorage.setItem('hms.userToken', 'token-1');
  const navigate = vi.fn();
  const seen: string[] = [];
  render(
    <Provider store={store}>
      <LiveConnection token="token-1" navigate={navigate} />
      <Probe seen={seen} />
      <ToastContainer />
    </Provider>,
  );
  const socket = FakeWebSocket.instances[0]!;
  act(() => {
    socket.readyState = 1;
    socket.onopen?.();
  });
  return { store, navigate, seen, socket };
}

describe('the live connection', () => {
  it('connects with the token, loads the history, notifies and toasts only notify: true messages', async () => {
    const { store, seen, socket } = renderLive();
    expect(socket.url).toBe('ws://localhost:3000/ws?token=token-1');
    expect(store.get(realtimeStatusAtom)).toBe('Connected');
    socket.push('connection');
    await vi.waitFor(() => expect(store.get(notificationsAtom).map((n) => n.id)).toEqual(['7']));

    socket.push('patient_created', { notify: true, notificationId: '8', message: 'Ada Obi was registered' });
    socket.push('patient_status_changed', { notify: false, notificationId: '9', newStatus: 'seen', message: 'Seen' });
    expect(store.get(notificationsAtom).map((n) => n.id)).toEqual(['8', '7']);
    expect(await screen.findByText('Ada Obi was registered')).toBeInTheDocument();
    expect(screen.queryByText('Seen')).not.toBeInTheDocument();
    expect(seen).toEqual(['seen']);
  });

  it('tells a deactivated person why, keeps the toast, and sends them to the staff login after 3 s', async () => {
    const { store, navigate, socket } = renderLive();
    socket.push('account_deactivated', { message: 'Your account has been deactivated. Contact your administrator.' });
    expect(
      await screen.findByText('Account deactivated: Your account has been deactivated. Contact your administrator.'),
    ).toBeInTheDocument();
    await act(() => vi.advanceTimersByTimeAsync(2900));
    expect(navigate).not.toHaveBeenCalled();
    await act(() => vi.advanceTimersByTimeAsync(200));
    expect(navigate).toHaveBeenCalledWith('/user/login');
    expect(store.get(sessionAtom)).toEqual({ status: 'anonymous' });
    expect(localStorage.getItem('hms.userToken')).toBeNull();
    await act(() => vi.advanceTimersByTimeAsync(30_000));
    expect(screen.getByText(/^Account deactivated:/)).toBeInTheDocument();
  });

  it('gives the person who caused a message no second toast, but keeps it in the bell', async () => {
    const { store, socket } = renderLive();
    // This doctor's own registration: the registration screen already said so.
    socket.push('patient_created', {
      notify: true,
      notificationId: '10',
      actorId: STAFF_USER.id,
      message: 'Bola Ade was registered by Tunde Bello',
    });
    socket.push('patient_created', {
      notify: true,
      notificationId: '11',
      actorId: 'someone-else',
      message: 'Chidi Oko was registered by Ngozi Eze',
    });
    expect(await screen.findByText('Chidi Oko was registered by Ngozi Eze')).toBeInTheDocument();
    expect(screen.queryByText('Bola Ade was registered by Tunde Bello')).not.toBeInTheDocument();
    expect(store.get(notificationsAtom).map((n) => n.id)).toEqual(['11', '10']);
  });
});
