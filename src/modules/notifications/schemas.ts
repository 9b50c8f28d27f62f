import { z } from 'zod';
import { NOTIFICATION_PRIORITIES } from './events';

export const historyQuery = z.object({
  limit: z.coerce
    .number({ error: 'limit must be a number from 1 to 50' })
    .int('limit must be a number from 1 to 50')
    .min(1, 'limit must be a number from 1 to 50')
    .max(50, 'limit must be a number from 1 to 50')
    .default(50),
});

const notificationIdInput = z.string().regex(/^\d{1,60}$/, 'Unknown notification id');

/** No body (or no ids): every notification up to the newest one visible now. */
export const marksBody = z
  .object({ ids: z.array(notificationIdInput).max(200, 'At most 200 notifications at a time').optional() })
  .strict()
  // A JSON content type with no body arrives as null (see request-guards.ts).
  .nullish();

export const notificationItem = z.object({
  id: z.string(),
  type: z.string(),
  title: z.string(),
  message: z.string(),
  priority: z.enum(NOTIFICATION_PRIORITIES),
  timestamp: z.string(),
  read: z.boolean(),
  data: z.record(z.string(), z.unknown()),
});

export const inboxAnswer = z.object({ notifications: z.array(notificationItem), unreadCount: z.number().int() });

export const announcementBody = z
  .object({
    message: z
      .string({ error: 'Announcement message is required' })
      .trim()
      .min(1, 'Announcement message is required')
      .max(1000, 'Announcement message must be at most 1000 characters long'),
    priority: z
      .enum(NOTIFICATION_PRIORITIES, { error: 'Priority must be one of urgent, high, medium, low or normal' })
      .default('normal'),
  })
  .strict();

export const announcementAnswer = z.object({
  announcement: z.object({
    id: z.string(),
    message: z.string(),
    priority: z.enum(NOTIFICATION_PRIORITIES),
    announcedAt: z.string(),
    announcedBy: z.object({ id: z.string(), name: z.string() }),
  }),
});
