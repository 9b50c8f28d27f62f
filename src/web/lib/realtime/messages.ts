import type { AppNotification, NotificationPriority } from '../notifications';
import type { ServerMessage } from './client';

/** product-spec-1 §9: toast auto-close per message type, in ms (false: stays until closed). */
const TOAST_MS: Record<string, number> = {
  NEW_PRESCRIPTION: 6000,
  NEW_LAB_ORDER: 6000,
  PRESCRIPTION_DISPENSED: 4000,
  LAB_RESULTS_READY: 6000,
  patient_created: 5000,
  patient_updated: 4000,
  patient_status_changed: 6000,
  user_created: 5000,
  user_updated: 4000,
  user_status_changed: 5000,
  user_deleted: 5000,
  profile_updated: 3000,
  hospital_announcement: 8000,
};
export const DEFAULT_TOAST_MS = 5000;

/** Titles for messages that come without one (the server sends its own). */
const TITLES: Record<string, string> = {
  NEW_PRESCRIPTION: 'New Prescription',
  NEW_LAB_ORDER: 'New Lab Order',
  PRESCRIPTION_DISPENSED: 'Prescription Dispensed',
  LAB_RESULTS_READY: 'Lab Results Ready',
  CONSULTATION_CREATED: 'Consultation Created',
  patient_created: 'New Patient Registered',
  patient_updated: 'Patient Updated',
  patient_status_changed: 'Patient Status Changed',
  patient_vitals_updated: 'Vitals Recorded',
  user_created: 'New Staff Member',
  user_updated: 'Staff Updated',
  user_status_changed: 'Staff Status Changed',
  user_deleted: 'Staff Removed',
  profile_updated: 'Profile Updated',
  hospital_announcement: 'Hospital Announcement',
  system_notification: 'System Notification',
  system_alert: 'System Alert',
};

const PRIORITIES: readonly string[] = ['urgent', 'high', 'medium', 'low', 'normal'];
const text = (v: unknown) => (typeof v === 'string' ? v : '');

function priorityOf(m: ServerMessage): NotificationPriority {
  const p = m.data.priority;
  if (typeof p === 'string' && PRIORITIES.includes(p)) return p as NotificationPriority;
  if (m.type === 'system_alert' && m.data.urgent === true) return 'urgent';
  return 'normal';
}

/** The words of a message: its own `message`, else what §3's payload of its type carries. */
function messageText(m: ServerMessage): string {
  const d = m.data;
  const nested = (v: unknown, key: string) =>
    v && typeof v === 'object' ? text((v as Record<string, unknown>)[key]) : text(v);
  return (
    text(d.message) ||
    nested(d.announcement, 'message') ||
    nested(d.notification, 'message') ||
    nested(d.alert, 'message') ||
    ''
  );
}

/**
 * The bell's entry for a delivered message, or null when it is not for this person's bell: only
 * messages with `notify: true` notify (product-spec-1 §6); the rest only move live lists.
 */
export function toNotification(m: ServerMessage, now: Date): AppNotification | null {
  if (m.data.notify !== true) return null;
  const id = text(m.data.notificationId) || `${m.type}-${m.timestamp || now.toISOString()}`;
  return {
    id,
    type: m.type,
    title: text(m.data.title) || TITLES[m.type] || 'Notification',
    message: messageText(m),
    timestamp: m.timestamp || now.toISOString(),
    priority: priorityOf(m),
    data: m.data,
    read: false,
  };
}

export type ToastSpec = { text: string; kind: 'info' | 'success' | 'warning' | 'error'; autoClose: number | false };

/**
 * The toast for a message (product-spec-1 §8, §9), or null when it gets none. The person whose own
 * action caused it (`selfId`) gets none: the screen they acted on already confirmed it, and one
 * action gives one toast (issue 34). The bell still lists it.
 */
export function toastFor(m: ServerMessage, selfId?: string): ToastSpec | null {
  if (m.type === 'account_deactivated') {
    return { text: `Account deactivated: ${messageText(m)}`, kind: 'error', autoClose: false };
  }
  if (m.data.notify !== true) return null;
  if (selfId !== undefined && m.data.actorId === selfId) return null;
  const priority = priorityOf(m);
  const body = messageText(m);
  if (m.type === 'system_alert') {
    return m.data.urgent === true
      ? { text: `URGENT: ${body}`, kind: 'error', autoClose: false }
      : { text: body, kind: 'warning', autoClose: 8000 };
  }
  const autoClose =
    m.type === 'system_notification' ? (priority === 'high' ? 8000 : 5000) : (TOAST_MS[m.type] ?? DEFAULT_TOAST_MS);
  // A patient moving along the day's statuses is routine news, whatever its priority in the bell (issue 34).
  const routine = m.type === 'patient_status_changed';
  const kind =
    priority === 'urgent'
      ? 'error'
      : priority === 'high' && !routine
        ? 'warning'
        : m.type === 'user_created'
          ? 'success'
          : 'info';
  return { text: body || TITLES[m.type] || 'Notification', kind, autoClose };
}
