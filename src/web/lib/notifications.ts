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
  /** Seen in the dropdown already (kept by the server per person). */
  read?: boolean;
};

export type RealtimeStatus = 'Disconnected' | 'Connecting' | 'Connected' | 'Error';

/** product-spec-1 §9: the history keeps the 50 newest notifications, newest first. */
export const NOTIFICATION_HISTORY_CAP = 50;

/** The notification history: the realtime client's, loaded from GET /api/notifications and grown by live messages. */
export const notificationsAtom = atom<AppNotification[]>([]);

/** State of the realtime connection, shown in the notification dropdown and on dashboards. */
export const realtimeStatusAtom = atom<RealtimeStatus>('Disconnected');

const newestFirst = (a: AppNotification, b: AppNotification) => Date.parse(b.timestamp) - Date.parse(a.timestamp);

/** A live notification on top; one already held (same id) is not added twice. */
export const pushNotificationAtom = atom(null, (get, set, notification: AppNotification) => {
  const rest = get(notificationsAtom).filter((n) => n.id !== notification.id);
  set(notificationsAtom, [notification, ...rest].slice(0, NOTIFICATION_HISTORY_CAP));
});

/**
 * The history as the server has it (after a load or a reconnect), merged with what arrived live
 * meanwhile: one entry per id, the server's read flags, newest first, the 50 newest.
 */
export const mergeHistoryAtom = atom(null, (get, set, history: AppNotification[]) => {
  const byId = new Map(get(notificationsAtom).map((n) => [n.id, n]));
  for (const n of history) byId.set(n.id, n);
  set(notificationsAtom, [...byId.values()].sort(newestFirst).slice(0, NOTIFICATION_HISTORY_CAP));
});

export const unreadCountAtom = atom((get) => get(notificationsAtom).filter((n) => !n.read).length);

export const markReadAtom = atom(null, (get, set, ids: readonly string[]) => {
  const read = new Set(ids);
  set(
    notificationsAtom,
    get(notificationsAtom).map((n) => (read.has(n.id) && !n.read ? { ...n, read: true } : n)),
  );
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
