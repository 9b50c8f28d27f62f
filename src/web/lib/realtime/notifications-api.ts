import { request } from '../api-client';
import type { AppNotification, NotificationPriority } from '../notifications';

type Answer = { data?: { notifications?: unknown } };
const PRIORITIES: readonly string[] = ['urgent', 'high', 'medium', 'low', 'normal'];

/** Items the bell can show; anything malformed in the answer is skipped, not fatal. */
function readItems(answer: Answer): AppNotification[] {
  const items = Array.isArray(answer.data?.notifications)
    ? (answer.data.notifications as Record<string, unknown>[])
    : [];
  return items.flatMap((n) =>
    n && typeof n.id === 'string' && typeof n.type === 'string' && typeof n.timestamp === 'string'
      ? [
          {
            id: n.id,
            type: n.type,
            title: typeof n.title === 'string' ? n.title : 'Notification',
            message: typeof n.message === 'string' ? n.message : '',
            timestamp: n.timestamp,
            priority: (PRIORITIES.includes(String(n.priority)) ? n.priority : 'normal') as NotificationPriority,
            data: n.data,
            read: n.read === true,
          },
        ]
      : [],
  );
}

/** GET /api/notifications?limit=50: the bell's history, newest first (product-spec-1 §9 caps it at 50). */
export async function fetchNotificationHistory(signal?: AbortSignal): Promise<AppNotification[]> {
  return readItems(await request<Answer>('/notifications', { searchParams: { limit: 50 }, signal }));
}

/** POST /api/notifications/read: these, or (no ids) every one up to the newest. */
export async function markNotificationsRead(ids?: readonly string[]): Promise<void> {
  await request('/notifications/read', { method: 'post', json: ids ? { ids } : {} });
}

/** POST /api/notifications/dismiss: removes these, or (no ids) all of them, from the bell for good. */
export async function dismissNotifications(ids?: readonly string[]): Promise<void> {
  await request('/notifications/dismiss', { method: 'post', json: ids ? { ids } : {} });
}
