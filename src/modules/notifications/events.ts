import { z } from 'zod';
import { defineEvent, type EventMap } from '../../platform/event-store/contracts';

/**
 * The notifications module's own events. An announcement (stream `announcement-<id>`) is news
 * for everyone in the hospital; read and dismissed marks (stream `notification-inbox-<userId>`)
 * are what a person did with their bell, kept as events like every other write.
 */
export const NOTIFICATION_PRIORITIES = ['urgent', 'high', 'medium', 'low', 'normal'] as const;
export type NotificationPriority = (typeof NOTIFICATION_PRIORITIES)[number];

export const hospitalAnnouncementMade = defineEvent(
  'HospitalAnnouncementMade',
  z.object({ announcementId: z.string(), message: z.string(), priority: z.enum(NOTIFICATION_PRIORITIES) }),
);

/** Either the listed notifications, or every one up to and including `upTo` (ids are decimal strings). */
const marks = z.object({ userId: z.string(), ids: z.array(z.string()).nullable(), upTo: z.string().nullable() });
export const notificationsRead = defineEvent('NotificationsRead', marks);
export const notificationsDismissed = defineEvent('NotificationsDismissed', marks);

export const notificationsContracts = [hospitalAnnouncementMade, notificationsRead, notificationsDismissed] as const;

/** The module's events by type name: `NotificationsEvents['HospitalAnnouncementMade']`. */
export type NotificationsEvents = EventMap<typeof notificationsContracts>;
export type HospitalAnnouncementMade = NotificationsEvents['HospitalAnnouncementMade'];
export type InboxEvent = NotificationsEvents['NotificationsRead' | 'NotificationsDismissed'];

export const announcementStream = (id: string) => `announcement-${id}`;
export const inboxStream = (userId: string) => `notification-inbox-${userId}`;
