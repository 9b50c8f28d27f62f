import { createStore } from 'jotai';
import { describe, expect, it } from 'vitest';
import {
  badgeCount,
  clearNotificationsAtom,
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
});
