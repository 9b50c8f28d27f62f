import { sql, type Kysely } from 'kysely';

/**
 * The notifier's tables (src/modules/notifications): the stored messages with their audience,
 * its own copies of patient and staff names, and each person's read and dismissed marks.
 * Notification ids are numeric keys derived from the event's feed position (see notificationId).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table notifications (
      id numeric primary key,
      event_id text not null,
      hospital_id text not null,
      type text not null,
      title text not null,
      message text not null,
      priority text not null,
      data jsonb not null,
      audience jsonb not null,
      user_ids text[],
      occurred_at timestamptz not null
    )`.execute(db);
  // The bell's read: a role's popups in one hospital, newest first, without scanning the other roles'.
  await sql`
    create table notification_recipients (
      hospital_id text not null,
      role text not null,
      notification_id numeric not null,
      primary key (hospital_id, role, notification_id)
    )`.execute(db);
  await sql`create index notifications_event on notifications (event_id)`.execute(db);
  await sql`
    create table notification_patients (
      patient_id text primary key,
      hospital_id text not null,
      first_name text not null,
      last_name text not null,
      identification_number text not null
    )`.execute(db);
  await sql`
    create table notification_staff (
      user_id text primary key,
      hospital_id text not null,
      employee_id text not null,
      first_name text not null,
      last_name text not null,
      email text not null,
      role text not null,
      department text,
      specialization text,
      phone text,
      is_active boolean not null
    )`.execute(db);
  await sql`
    create table notification_marks (
      user_id text not null,
      notification_id numeric not null,
      read boolean not null default false,
      dismissed boolean not null default false,
      primary key (user_id, notification_id)
    )`.execute(db);
  await sql`
    create table notification_cursors (
      user_id text primary key,
      read_up_to numeric,
      dismissed_up_to numeric
    )`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop table notification_cursors, notification_marks, notification_staff, notification_patients, notification_recipients, notifications`.execute(
    db,
  );
}
