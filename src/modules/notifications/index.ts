import type { AppModule } from '../../platform/platform';
import { notificationDelivery } from './delivery';
import { notificationsContracts } from './events';
import { notificationInboxProjection } from './read-models/inbox';
import { notificationHistoryProjection } from './read-models/notification-history';
import { notificationRoutes } from './routes';

/**
 * Notifications: the notifier projection (events → server messages with their audience, stored
 * once), their push to the role channels of /ws, the bell's history with read marks, and the
 * admin's announcements. Which role receives what is declared in visibility.ts; what each event
 * says, in rules.ts.
 */
export { notificationsContracts } from './events';
export type * from './events';
export { NOTIFICATIONS } from './read-models/notification-history';
export { NOTIFICATION_INBOX } from './read-models/inbox';

export const notificationsModule: AppModule = {
  name: 'notifications',
  events: notificationsContracts,
  routes: notificationRoutes,
  projections: [notificationHistoryProjection, notificationInboxProjection],
  liveConsumers: (platform) => [notificationDelivery(platform)],
};
