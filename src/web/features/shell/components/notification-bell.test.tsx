import { act, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createStore, Provider } from 'jotai';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { notificationsAtom, type AppNotification } from '../../../lib/notifications';
import { fakeApi } from '../../../lib/testing/fake-api';
import { NotificationBell } from './notification-bell';

const start = new Date('2026-03-02T09:00:00Z');
const note = (id: string, message: string, read = false): AppNotification => ({
  id,
  type: 'patient_created',
  title: `Title ${id}`,
  message,
  timestamp: start.toISOString(),
  priority: 'urgent',
  read,
});

let api: ReturnType<typeof fakeApi>;
beforeEach(() => {
  vi.useFakeTimers({ shouldAdvanceTime: true });
  vi.setSystemTime(start);
  const inbox = { body: { success: true, data: { notifications: [], unreadCount: 0 } } };
  api = fakeApi({ 'POST /notifications/read': () => inbox, 'POST /notifications/dismiss': () => inbox });
});
afterEach(() => {
  api.restore();
  vi.useRealTimers();
});

function renderBell(notes: AppNotification[]) {
  const store = createStore();
  store.set(notificationsAtom, notes);
  render(
    <Provider store={store}>
      <NotificationBell />
    </Provider>,
  );
  return store;
}

describe('the notification bell', () => {
  it('counts unread ones, marks what it showed as read when closed, and refreshes relative times', async () => {
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    const store = renderBell([note('2', 'Ada Obi was registered'), note('1', 'Old news', true)]);
    await user.click(screen.getByRole('button', { name: 'Notifications, 1 new' }));
    const dropdown = await screen.findByRole('dialog', { name: 'Notifications' });
    expect(within(dropdown).getByText('You have 1 new notification')).toBeInTheDocument();
    expect(within(dropdown).getByText('Showing latest 2 notifications')).toBeInTheDocument();
    expect(within(dropdown).getAllByText('Just now')).toHaveLength(2);
    await act(() => vi.advanceTimersByTimeAsync(2 * 60_000));
    expect(within(dropdown).getAllByText('2m ago')).toHaveLength(2);
    expect(within(dropdown).getByText('Ada Obi was registered').closest('li')).toHaveAttribute(
      'data-priority',
      'urgent',
    );

    await user.keyboard('{Escape}');
    expect(await screen.findByRole('button', { name: 'Notifications' })).not.toHaveTextContent(/\d/);
    expect(store.get(notificationsAtom).every((n) => n.read)).toBe(true);
    await vi.waitFor(() =>
      expect(api.calls.map((c) => [c.path, c.body])).toEqual([['/notifications/read', { ids: ['2'] }]]),
    );
  });

  it('cuts messages at 60 characters, removes one and clears all on the server too', async () => {
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    renderBell([note('2', 'y'.repeat(61)), note('1', 'short')]);
    await user.click(screen.getByRole('button', { name: 'Notifications, 2 new' }));
    const dropdown = await screen.findByRole('dialog', { name: 'Notifications' });
    expect(within(dropdown).getByText(`${'y'.repeat(60)}...`)).toBeInTheDocument();
    await user.click(within(dropdown).getByRole('button', { name: 'Remove Title 2' }));
    expect(within(dropdown).queryByText(`${'y'.repeat(60)}...`)).not.toBeInTheDocument();
    await user.click(within(dropdown).getByRole('button', { name: 'Clear all' }));
    expect(within(dropdown).getByText('No notifications yet')).toBeInTheDocument();
    await vi.waitFor(() =>
      expect(api.calls.map((c) => [c.path, c.body])).toEqual([
        ['/notifications/dismiss', { ids: ['2'] }],
        ['/notifications/dismiss', {}],
      ]),
    );
  });
});
