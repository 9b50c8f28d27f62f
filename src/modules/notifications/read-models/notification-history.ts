import type { Database, Db } from '../../../platform/db/database';
import type { GlobalPosition, RecordedEvent } from '../../../platform/event-store/port';
import { insertRows, type BulkColumns } from '../../../platform/projections/bulk-insert';
import { emptyTables, type Projection, type Trx } from '../../../platform/projections/projection';
import type { NotificationPriority } from '../events';
import { RULES, type Draft } from '../rules';
import { audienceOf, type Audience, type ServerMessageType } from '../visibility';
import { COPIES, copiesIn } from './name-copies';

declare module '../../../platform/db/database' {
  interface Database {
    notifications: {
      /** notificationId(event position, index): a decimal string, ordered like the feed, the same after a rebuild. */
      id: string;
      event_id: string;
      hospital_id: string;
      type: string;
      title: string;
      message: string;
      priority: string;
      /** The message payload of product-spec-1 §3, without the per-role `notify`. */
      data: Record<string, unknown>;
      /** role → notify, for the roles that receive it. */
      audience: Audience;
      /** Set for a personal message: only these users receive it. */
      user_ids: string[] | null;
      occurred_at: Date | string;
    };
    /** One row per role that gets the popup: the bell's index. */
    notification_recipients: { hospital_id: string; role: string; notification_id: string };
  }
}

export const NOTIFICATIONS = 'notifications';

/**
 * A notification's id from its event's place in the feed and its index among the event's
 * messages: ordered like the feed and stable across rebuilds, so read marks stay true.
 */
export function notificationId(position: GlobalPosition, index: number): string {
  return ((((position[0] << 64n) | position[1]) << 8n) | BigInt(index)).toString();
}

export type StoredNotification = {
  id: string;
  eventId: string;
  hospitalId: string;
  type: ServerMessageType;
  title: string;
  message: string;
  priority: NotificationPriority;
  data: Record<string, unknown>;
  audience: Audience;
  userIds: string[] | null;
  timestamp: string;
};

function toRow(event: RecordedEvent, draft: Draft, index: number) {
  return {
    id: notificationId(event.globalPosition, index),
    event_id: event.id,
    hospital_id: event.metadata.hospitalId,
    type: draft.type,
    title: draft.title,
    message: draft.message,
    priority: draft.priority,
    // Who caused it: their own screens already confirm it, so they show no second toast (issue 34).
    data: { ...draft.data, actorId: event.metadata.actor.userId },
    audience: audienceOf(draft.type, draft.data),
    user_ids: draft.userIds ?? null,
    occurred_at: new Date(event.metadata.occurredAt),
  };
}

const NOTIFICATION_COLUMNS: BulkColumns = {
  id: 'numeric',
  event_id: 'text',
  hospital_id: 'text',
  type: 'text',
  title: 'text',
  message: 'text',
  priority: 'text',
  data: 'jsonb',
  audience: 'jsonb',
  user_ids: 'text[]',
  occurred_at: 'timestamptz',
};
const RECIPIENT_COLUMNS: BulkColumns = { hospital_id: 'text', role: 'text', notification_id: 'numeric' };

/**
 * The notifier's projection: every event that means news for someone becomes its messages (rules.ts),
 * each stored once with its audience (visibility.ts), in the transaction that moves this
 * projection's checkpoint. The history of the bell is read from here, and the delivery to
 * sockets (delivery.ts) sends these very rows, so a message and its history entry never differ.
 * Name copies are kept in event order (a later rule of the batch may look one up; see copiesIn);
 * the messages and their recipients are written once for the whole batch.
 */
async function applyBatch(trx: Trx, events: readonly RecordedEvent[]): Promise<void> {
  const copies = copiesIn(trx);
  await copies.prefetch(events);
  const rows: ReturnType<typeof toRow>[] = [];
  const recipients: Database['notification_recipients'][] = [];
  for (const event of events) {
    const rule = RULES[event.type];
    if (!rule && !COPIES[event.type]) continue;
    const drafts = rule ? await rule(event, copies.lookups) : [];
    await copies.copy(event);
    drafts.forEach((draft, i) => {
      const row = toRow(event, draft, i);
      rows.push(row);
      for (const [role, notify] of Object.entries(row.audience)) {
        if (notify) recipients.push({ hospital_id: event.metadata.hospitalId, role, notification_id: row.id });
      }
    });
  }
  await copies.flush();
  await insertRows(trx, 'notifications', NOTIFICATION_COLUMNS, rows, 'on conflict (id) do nothing');
  await insertRows(trx, 'notification_recipients', RECIPIENT_COLUMNS, recipients, 'on conflict do nothing');
}

export const notificationHistoryProjection: Projection = {
  name: NOTIFICATIONS,
  handlers: {},
  everyEvent: applyBatch,
  // The delivery's look-up by event, and the keys, which only the live path's `on conflict` needs.
  deferredIndexes: ['notifications_event', 'notifications_pkey', 'notification_recipients_pkey'],
  eventTypes: [...new Set([...Object.keys(RULES), ...Object.keys(COPIES)])],
  reset: (trx) =>
    emptyTables(trx, ['notification_recipients', 'notifications', 'notification_patients', 'notification_staff']),
};

export function fromRow(row: {
  id: string;
  event_id: string;
  hospital_id: string;
  type: string;
  title: string;
  message: string;
  priority: string;
  data: Record<string, unknown>;
  audience: Audience;
  user_ids: string[] | null;
  occurred_at: Date | string;
}): StoredNotification {
  return {
    id: String(row.id),
    eventId: row.event_id,
    hospitalId: row.hospital_id,
    type: row.type as ServerMessageType,
    title: row.title,
    message: row.message,
    priority: row.priority as NotificationPriority,
    data: row.data,
    audience: row.audience,
    userIds: row.user_ids,
    timestamp: new Date(row.occurred_at).toISOString(),
  };
}

/** The stored messages of these events, in feed order (the delivery's read). */
export async function notificationsOfEvents(db: Db, eventIds: string[]) {
  if (eventIds.length === 0) return [];
  const rows = await db
    .selectFrom('notifications')
    .selectAll()
    .where('event_id', 'in', eventIds)
    .orderBy('id')
    .execute();
  return rows.map(fromRow);
}
