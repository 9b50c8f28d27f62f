import type { Platform } from '../../platform/platform';
import type { LiveConsumer } from '../../platform/projections/runner';
import { NOTIFICATIONS, notificationsOfEvents, type StoredNotification } from './read-models/notification-history';
import { NOTIFYING_EVENTS } from './rules';
import { channelFor } from './visibility';

/** How long a batch waits for the projection before giving up on pushing it (its history stays). */
const PROJECTION_WAIT_MS = 5000;

/**
 * Pushes each stored notification to the sockets of its audience, with `notify` for the
 * receiving role (product-spec-1 §6): one message per receiving role, on that role's channel,
 * inside the hospital only (the hub confines every publish to it).
 */
export function publishNotification(platform: Platform, n: StoredNotification): number {
  let sent = 0;
  for (const [role, notify] of Object.entries(n.audience)) {
    sent += platform.realtime.publish(
      n.hospitalId,
      {
        type: n.type,
        data: { ...n.data, notificationId: n.id, title: n.title, message: n.message, priority: n.priority, notify },
        timestamp: n.timestamp,
      },
      { roles: [role], channels: [channelFor(role, n.type)], ...(n.userIds && { userIds: n.userIds }) },
    );
  }
  return sent;
}

/**
 * The push side of the notifier, in every server process for its own sockets. It follows the
 * feed from the moment the process starts (a socket never gets older events pushed; the bell
 * reads those from GET /api/notifications), waits until the notifications projection has stored
 * the batch's messages, and sends those very rows. The projection's checkpoint makes each
 * message exist once; this consumer sees each event once per process: nothing is pushed twice.
 */
export function notificationDelivery(platform: Platform): LiveConsumer {
  return {
    name: 'notification-delivery',
    types: [...NOTIFYING_EVENTS],
    handle: async (events) => {
      const relevant = events.filter((e) => NOTIFYING_EVENTS.has(e.type));
      if (relevant.length === 0 || platform.realtime.connectionCount() === 0) return;
      const last = relevant[relevant.length - 1]!.globalPosition;
      const stored = await platform.waitFor(last, [{ name: NOTIFICATIONS }], PROJECTION_WAIT_MS);
      if (!stored)
        platform.log.warn({ events: relevant.length }, 'notifications projection behind; some pushes skipped');
      try {
        for (const n of await notificationsOfEvents(
          platform.db,
          relevant.map((e) => e.id),
        )) {
          publishNotification(platform, n);
        }
      } catch (err) {
        // Best effort: a failed push must not stop the feed; the history has the message.
        platform.log.warn({ err }, 'notification push failed');
      }
    },
  };
}
