import { useAtomValue, useSetAtom } from 'jotai';
import { Button, Dialog, DialogTrigger, Heading, Popover } from 'react-aria-components';
import { notificationTime, truncate } from '../../../lib/dates';
import {
  badgeCount,
  clearNotificationsAtom,
  notificationsAtom,
  realtimeStatusAtom,
  removeNotificationAtom,
} from '../../../lib/notifications';
import { useNow } from '../../../lib/use-now';
import { BellIcon, CloseIcon } from './icons';
import styles from './notification-bell.module.css';

/** The header bell and its Notifications dropdown (product-spec-1 §2). */
export function NotificationBell() {
  const notifications = useAtomValue(notificationsAtom);
  const status = useAtomValue(realtimeStatusAtom);
  const remove = useSetAtom(removeNotificationAtom);
  const clear = useSetAtom(clearNotificationsAtom);
  const now = useNow();
  const count = notifications.length;
  return (
    <DialogTrigger>
      <Button className={styles.bell} aria-label={count ? `Notifications, ${count} new` : 'Notifications'}>
        <BellIcon />
        {count ? (
          <span className={styles.badge} aria-hidden="true">
            {badgeCount(count)}
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
              <Button className={styles.clear} onPress={() => clear()}>
                Clear all
              </Button>
            ) : null}
          </div>
          {count ? (
            <>
              <p className={styles.countLine}>
                You have {count} new notification{count === 1 ? '' : 's'}
              </p>
              <ul className={styles.list}>
                {notifications.map((n) => (
                  <li key={n.id} className={styles.item} data-priority={n.priority}>
                    <div className={styles.itemText}>
                      <strong>{n.title}</strong>
                      <span>{truncate(n.message, 60)}</span>
                      <time dateTime={n.timestamp} className={styles.time}>
                        {notificationTime(n.timestamp, now)}
                      </time>
                    </div>
                    <Button className={styles.remove} aria-label={`Remove ${n.title}`} onPress={() => remove(n.id)}>
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
