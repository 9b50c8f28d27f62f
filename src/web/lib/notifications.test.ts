import { createStore } from 'jotai';
import { describe, expect, it } from 'vitest';
import {
  badgeCount,
  clearNotificationsAtom,
  markReadAtom,
  mergeHistoryAtom,
  unreadCountAtom,
  notificationsAtom,
  pushNotificationAtom,
  removeNotificationAtom,
  type AppNotification,
} from './notifications';

const note = (i: number): AppNotification => ({
  id: `n${i}`,
  type: 'patient_created',
  title: `Patient ${i}`,
  message: 'registered',
  timestamp: new Date(2026, 0, 1, 0, i).toISOString(),
  priority: 'normal',
});

describe('notification history', () => {
  it('keeps the 50 newest notifications, newest first', () => {
    const store = createStore();
    for (let i = 1; i <= 55; i++) store.set(pushNotificationAtom, note(i));
    const list = store.get(notificationsAtom);
    expect(list).toHaveLength(50);
    expect(list[0]!.id).toBe('n55');
    expect(list[49]!.id).toBe('n6');
  });

  it('removes one notification or clears them all', () => {
    const store = createStore();
    [1, 2, 3].forEach((i) => store.set(pushNotificationAtom, note(i)));
    store.set(removeNotificationAtom, 'n2');
    expect(store.get(notificationsAtom).map((n) => n.id)).toEqual(['n3', 'n1']);
    store.set(clearNotificationsAtom);
    expect(store.get(notificationsAtom)).toEqual([]);
  });

  it('caps the badge at 99+', () => {
    expect(badgeCount(0)).toBe('0');
    expect(badgeCount(99)).toBe('99');
    expect(badgeCount(100)).toBe('99+');
  });

  it('merges the server history with live ones: one entry per id, newest first, the server’s read flags', () => {
    const store = createStore();
    store.set(pushNotificationAtom, note(3));
    store.set(pushNotificationAtom, note(3));
    expect(store.get(notificationsAtom)).toHaveLength(1);
    store.set(mergeHistoryAtom, [
      { ...note(3), read: true },
      { ...note(1), read: false },
      { ...note(2), read: true },
    ]);
    expect(store.get(notificationsAtom).map((n) => [n.id, n.read])).toEqual([
      ['n3', true],
      ['n2', true],
      ['n1', false],
    ]);
    expect(store.get(unreadCountAtom)).toBe(1);
    store.set(markReadAtom, ['n1']);
    expect(store.get(unreadCountAtom)).toBe(0);
    store.set(
      mergeHistoryAtom,
      Array.from({ length: 60 }, (_, i) => note(i + 10)),
    );
    expect(store.get(notificationsAtom)).toHaveLength(50);
    expect(store.get(notificationsAtom)[0]!.id).toBe('n69');
  });
});
