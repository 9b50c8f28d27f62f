import { sql } from 'kysely';
import type { Db } from '../../../platform/db/database';
import { defineProjection, emptyTables, type Trx } from '../../../platform/projections/projection';
import type { InboxEvent } from '../events';
import { fromRow, type StoredNotification } from './notification-history';

/**
 * What each person did with their bell: notifications read and dismissed, one by one or "all up
 * to this one". Written only by this inline projection from NotificationsRead / NotificationsDismissed,
 * so the answer to POST /api/notifications/read already reflects it.
 */
declare module '../../../platform/db/database' {
  interface Database {
    notification_marks: { user_id: string; notification_id: string; read: boolean; dismissed: boolean };
    notification_cursors: { user_id: string; read_up_to: string | null; dismissed_up_to: string | null };
  }
}

export const NOTIFICATION_INBOX = 'notification-inbox';

async function mark(trx: Trx, event: InboxEvent, column: 'read' | 'dismissed') {
  const { userId, ids, upTo } = event.data;
  if (ids && ids.length > 0) {
    await trx
      .insertInto('notification_marks')
      .values(
        ids.map((id) => ({ user_id: userId, notification_id: id, read: true, dismissed: column === 'dismissed' })),
      )
      .onConflict((oc) => oc.columns(['user_id', 'notification_id']).doUpdateSet({ [column]: true }))
      .execute();
  }
  if (upTo) {
    const cursor = column === 'read' ? 'read_up_to' : 'dismissed_up_to';
    // A dismissed notification is read too: "Clear all" leaves nothing unread behind it.
    const moved = column === 'read' ? { read_up_to: upTo } : { read_up_to: upTo, dismissed_up_to: upTo };
    await trx
      .insertInto('notification_cursors')
      .values({ user_id: userId, dismissed_up_to: null, ...moved })
      .onConflict((oc) =>
        oc.column('user_id').doUpdateSet({
          read_up_to: sql`greatest(notification_cursors.read_up_to, excluded.read_up_to)`,
          ...(cursor === 'dismissed_up_to' && {
            dismissed_up_to: sql`greatest(notification_cursors.dismissed_up_to, excluded.dismissed_up_to)`,
          }),
        }),
      )
      .execute();
  }
}

export const notificationInboxProjection = defineProjection<InboxEvent>({
  name: NOTIFICATION_INBOX,
  inline: true,
  handlers: {
    NotificationsRead: (trx, event) => mark(trx, event, 'read'),
    NotificationsDismissed: (trx, event) => mark(trx, event, 'dismissed'),
  },
  reset: (trx) => emptyTables(trx, ['notification_marks', 'notification_cursors']),
});

export type Reader = { hospitalId: string; userId: string; role: string };
export type InboxItem = Omit<StoredNotification, 'eventId' | 'hospitalId' | 'audience' | 'userIds'> & { read: boolean };

/** The badge stops counting here: it shows 99+ above 99 (product-spec-1 §2). */
const UNREAD_COUNT_CAP = 100;

/** The notifications this person gets a popup for, not dismissed: the bell's history. */
function visible(db: Db, reader: Reader) {
  return db
    .selectFrom('notification_recipients as r')
    .innerJoin('notifications as n', 'n.id', 'r.notification_id')
    .leftJoin('notification_cursors as c', (j) => j.on('c.user_id', '=', reader.userId))
    .leftJoin('notification_marks as m', (j) =>
      j.onRef('m.notification_id', '=', 'n.id').on('m.user_id', '=', reader.userId),
    )
    .where('r.hospital_id', '=', reader.hospitalId)
    .where('r.role', '=', reader.role)
    .where((eb) => eb.or([eb('n.user_ids', 'is', null), sql<boolean>`${reader.userId} = any(n.user_ids)`]))
    .where(sql<boolean>`r.notification_id > coalesce(c.dismissed_up_to, -1)`)
    .where(sql<boolean>`coalesce(m.dismissed, false) = false`);
}

const isRead = sql<boolean>`(n.id <= coalesce(c.read_up_to, -1) or coalesce(m.read, false))`;

/** GET /api/notifications: the newest `limit`, newest first, each with its read flag, and the unread count. */
export async function inbox(db: Db, reader: Reader, limit: number) {
  const [rows, unread] = await Promise.all([
    visible(db, reader)
      .selectAll('n')
      .select(isRead.as('is_read'))
      .orderBy('r.notification_id', 'desc')
      .limit(limit)
      .execute(),
    db
      .selectFrom(
        visible(db, reader)
          .select('n.id')
          .where(sql<boolean>`not ${isRead}`)
          .limit(UNREAD_COUNT_CAP)
          .as('u'),
      )
      .select((eb) => eb.fn.countAll<string>().as('count'))
      .executeTakeFirstOrThrow(),
  ]);
  const notifications: InboxItem[] = rows.map((row) => {
    const { eventId: _e, hospitalId: _h, audience: _a, userIds: _u, ...n } = fromRow(row);
    return { ...n, read: row.is_read };
  });
  return { notifications, unreadCount: Number(unread.count) };
}

/** The newest notification this person can see (what "mark all" covers), or null. */
export async function newestVisibleId(db: Db, reader: Reader): Promise<string | null> {
  const row = await visible(db, reader).select('n.id').orderBy('r.notification_id', 'desc').limit(1).executeTakeFirst();
  return row ? String(row.id) : null;
}

/** Of `ids`, those this person can see (marks for anyone else's notifications are refused). */
export async function visibleIds(db: Db, reader: Reader, ids: string[]): Promise<string[]> {
  if (ids.length === 0) return [];
  const rows = await visible(db, reader).select('n.id').where('r.notification_id', 'in', ids).execute();
  return rows.map((r) => String(r.id));
}
