import { sql, type Kysely } from 'kysely';

/**
 * The patients list grows into the records read model (issue 7): last vitals, the seen flag, a
 * tombstone for deleted records, the last change, and the columns search runs on; plus the counts
 * the dashboards read, kept by the same projection instead of counted per request.
 *
 * `phone_digits` is `normalisePhone` of src/modules/patients/phone.ts in SQL: digits only, leading
 * zeros off, then a country code 234 followed by at least nine digits off, then leading zeros off.
 * `search_text` is one lower-cased column for one trigram index: "first last", "last first", the
 * identification number and the phone digits, separated by a control character nobody types.
 * Both are generated, so rows written before this migration get them too.
 */
const PHONE_DIGITS = String.raw`regexp_replace(regexp_replace(regexp_replace(regexp_replace(phone_number, '\D', '', 'g'), '^0+', ''), '^234(?=\d{9})', ''), '^0+', '')`;

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`create extension if not exists pg_trgm`.execute(db);
  await sql`
    alter table patients_list
      add column vitals jsonb,
      add column ever_seen boolean not null default false,
      add column deleted_at timestamptz,
      add column updated_at timestamptz,
      add column phone_digits text generated always as (${sql.raw(PHONE_DIGITS)}) stored,
      add column search_text text generated always as (lower(
        first_name || ' ' || last_name || chr(31) || last_name || ' ' || first_name || chr(31) ||
        identification_number || chr(31) || ${sql.raw(PHONE_DIGITS)}
      )) stored`.execute(db);
  await sql`update patients_list set updated_at = registered_at, ever_seen = (status = 'seen')`.execute(db);
  await sql`alter table patients_list alter column updated_at set not null`.execute(db);

  // Every list query reads live records of one hospital, newest first (ties by id).
  await sql`drop index patients_list_hospital`.execute(db);
  await sql`drop index patients_list_hospital_status`.execute(db);
  await sql`create index patients_list_newest on patients_list (hospital_id, registered_at desc, patient_id)
            where deleted_at is null`.execute(db);
  await sql`create index patients_list_status_newest on patients_list (hospital_id, status, registered_at desc, patient_id)
            where deleted_at is null`.execute(db);
  await sql`create index patients_list_search on patients_list using gin (search_text gin_trgm_ops)
            where deleted_at is null`.execute(db);
  // The likely-duplicate check at registration: same phone, or same names and date of birth.
  await sql`create index patients_list_phone on patients_list (hospital_id, phone_digits)
            where deleted_at is null`.execute(db);
  await sql`create index patients_list_same_person on patients_list
            (hospital_id, lower(first_name), lower(last_name), date_of_birth) where deleted_at is null`.execute(db);

  // Counts per hospital and bucket: 'status:<status>', 'seen' (ever seen), 'day:<YYYY-MM-DD>' (registered that day).
  await sql`
    create table patient_counts (
      hospital_id text not null,
      bucket text not null,
      patients integer not null,
      primary key (hospital_id, bucket)
    )`.execute(db);
  await sql`
    insert into patient_counts (hospital_id, bucket, patients)
    select hospital_id, 'status:' || status, count(*) from patients_list group by hospital_id, status
    union all
    select hospital_id, 'day:' || registered_on, count(*) from patients_list group by hospital_id, registered_on
    union all
    select hospital_id, 'seen', count(*) from patients_list where ever_seen group by hospital_id`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop table patient_counts`.execute(db);
  await sql`drop index patients_list_newest, patients_list_status_newest, patients_list_search,
            patients_list_phone, patients_list_same_person`.execute(db);
  await sql`alter table patients_list drop column vitals, drop column ever_seen, drop column deleted_at,
            drop column updated_at, drop column phone_digits, drop column search_text`.execute(db);
  await sql`create index patients_list_hospital on patients_list (hospital_id, registered_at desc)`.execute(db);
  await sql`create index patients_list_hospital_status on patients_list (hospital_id, status)`.execute(db);
}
