import { useAtomValue, useSetAtom, useStore } from 'jotai';
import { Button, Dialog, DialogTrigger, Heading, Popover } from 'react-aria-components';
import { notificationTime, truncate } from '../../../lib/dates';
import {
  badgeCount,
  clearNotificationsAtom,
  markReadAtom,
  notificationsAtom,
  realtimeStatusAtom,
  removeNotificationAtom,
  unreadCountAtom,
} from '../../../lib/notifications';
import { dismissNotifications, markNotificationsRead } from '../../../lib/realtime/notifications-api';
import { useNow } from '../../../lib/use-now';
import { BellIcon, CloseIcon } from './icons';
import styles from './notification-bell.module.css';
import { useHospitalTimeZone } from '../../../lib/hospital-time';

/** product-spec-1 §9: message text is cut at 60 characters. */
const MESSAGE_MAX = 60;

const logFailure = (what: string) => (error: unknown) => console.warn(`${what} failed`, error);

/**
 * The header bell and its Notifications dropdown (product-spec-1 §2). The badge counts unread
 * notifications; closing the dropdown marks what it showed as read. Clear all and remove take
 * them off the bell for good (the server keeps the marks, so a reload does not bring them back).
 */
export function NotificationBell() {
  const store = useStore();
  const notifications = useAtomValue(notificationsAtom);
  const unread = useAtomValue(unreadCountAtom);
  const status = useAtomValue(realtimeStatusAtom);
  const remove = useSetAtom(removeNotificationAtom);
  const clear = useSetAtom(clearNotificationsAtom);
  const now = useNow();
  const timeZone = useHospitalTimeZone();
  const count = notifications.length;

  const onOpenChange = (open: boolean) => {
    if (open) return;
    const ids = store
      .get(notificationsAtom)
      .filter((n) => !n.read)
      .map((n) => n.id);
    if (ids.length === 0) return;
    store.set(markReadAtom, ids);
    markNotificationsRead(ids).catch(logFailure('Marking notifications read'));
  };
  const onRemove = (id: string) => {
    remove(id);
    dismissNotifications([id]).catch(logFailure('Removing a notification'));
  };
  const onClear = () => {
    clear();
    dismissNotifications().catch(logFailure('Clearing notifications'));
  };

  return (
    <DialogTrigger onOpenChange={onOpenChange}>
      <Button className={styles.bell} aria-label={unread ? `Notifications, ${unread} new` : 'Notifications'}>
        <BellIcon />
        {unread ? (
          <span className={styles.badge} aria-hidden="true">
            {badgeCount(unread)}
          </span>
        ) : null}
      </Button>
      <Popover className={styles.popover} placement="bottom end">
        <Dialog className={styles.dialog} aria-label="Notifications">
          <div className={styles.head}>
            <Heading slot="title" className={styles.title}>
              Notifications
            </Heading>
            <span className={styles.status} data-status={status}>
              {status}
            </span>
            {count ? (
              <Button className={styles.clear} onPress={onClear}>
                Clear all
              </Button>
            ) : null}
          </div>
          {count ? (
            <>
              <p className={styles.countLine}>
                You have {unread} new notification{unread === 1 ? '' : 's'}
              </p>
              <ul className={styles.list}>
                {notifications.map((n) => (
                  <li key={n.id} className={styles.item} data-priority={n.priority} data-unread={!n.read || undefined}>
                    <div className={styles.itemText}>
                      <strong>{n.title}</strong>
                      <span title={n.message.length > MESSAGE_MAX ? n.message : undefined}>
                        {truncate(n.message, MESSAGE_MAX)}
                      </span>
                      <time dateTime={n.timestamp} className={styles.time}>
                        {notificationTime(n.timestamp, now, timeZone)}
                      </time>
                    </div>
                    <Button className={styles.remove} aria-label={`Remove ${n.title}`} onPress={() => onRemove(n.id)}>
                      <CloseIcon />
                    </Button>
                  </li>
                ))}
              </ul>
              <p className={styles.footer}>Showing latest {count} notifications</p>
            </>
          ) : (
            <div className={styles.empty}>
              <strong>No notifications yet</strong>
              <span>You&apos;ll see real-time updates here</span>
            </div>
          )}
        </Dialog>
      </Popover>
    </DialogTrigger>
  );
}
