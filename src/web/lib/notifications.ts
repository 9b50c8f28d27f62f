import { atom } from 'jotai';

/** product-spec-1 §3 notification item; priority colours the item (§2). */
export type NotificationPriority = 'urgent' | 'high' | 'medium' | 'low' | 'normal';

export type AppNotification = {
  id: string;
  type: string;
  title: string;
  message: string;
  timestamp: string;
  priority: NotificationPriority;
  data?: unknown;
};

export type RealtimeStatus = 'Disconnected' | 'Connecting' | 'Connected' | 'Error';

/** product-spec-1 §9: the history keeps the 50 newest notifications, newest first. */
export const NOTIFICATION_HISTORY_CAP = 50;

/** The notification history; the realtime client (a later issue) is its only writer besides the user's clear/remove. */
export const notificationsAtom = atom<AppNotification[]>([]);

/** State of the realtime connection, shown in the notification dropdown and on dashboards. */
export const realtimeStatusAtom = atom<RealtimeStatus>('Disconnected');

export const pushNotificationAtom = atom(null, (get, set, notification: AppNotification) => {
  set(notificationsAtom, [notification, ...get(notificationsAtom)].slice(0, NOTIFICATION_HISTORY_CAP));
});

export const removeNotificationAtom = atom(null, (get, set, id: string) => {
  set(
    notificationsAtom,
    get(notificationsAtom).filter((n) => n.id !== id),
  );
});

export const clearNotificationsAtom = atom(null, (_get, set) => set(notificationsAtom, []));

/** Badge text: the count, capped at '99+'. */
export function badgeCount(count: number): string {
  return count > 99 ? '99+' : String(count);
}
