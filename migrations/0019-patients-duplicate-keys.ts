import { createHash, randomUUID } from 'node:crypto';
import { sql, type Kysely } from 'kysely';

const PAGE = 5_000;

/*
 * The code this migration ran with, kept here as it was (a migration must not change when the module does):
 * the keys of src/modules/patients/duplicate-keys.ts, the phone reduction of patients/phone.ts and the
 * stream name of platform/event-store/shared-reservation.ts, as of this migration. A unit test pins the
 * frozen copy to the live code, so a change of the live rule is noticed (and needs a migration of its own).
 */
const COUNTRY_CODE = '234';
const MIN_AFTER_COUNTRY_CODE = 9;
const MIN_COMPARABLE_DIGITS = 7;

function normalisePhone(phone: string): string {
  let digits = phone.replace(/\D/g, '').replace(/^0+/, '');
  if (digits.startsWith(COUNTRY_CODE) && digits.length >= COUNTRY_CODE.length + MIN_AFTER_COUNTRY_CODE) {
    digits = digits.slice(COUNTRY_CODE.length).replace(/^0+/, '');
  }
  return digits;
}

type KeyFields = { firstName: string; lastName: string; dateOfBirth: string; phoneNumber: string };

export function duplicateKeys(hospitalId: string, d: KeyFields): { scope: string; value: string }[] {
  const keys: { scope: string; value: string }[] = [];
  const digits = normalisePhone(d.phoneNumber);
  if (digits.length >= MIN_COMPARABLE_DIGITS) keys.push({ scope: 'patient-phone', value: `${hospitalId}:${digits}` });
  const person = [hospitalId, d.firstName.toLowerCase(), d.lastName.toLowerCase(), d.dateOfBirth];
  keys.push({ scope: 'patient-person', value: JSON.stringify(person) });
  return keys;
}

export function sharedStream(scope: string, value: string): string {
  return `shared-${scope}-${createHash('sha256').update(value).digest('hex').slice(0, 40)}`;
}

type Row = {
  patient_id: string;
  hospital_id: string;
  first_name: string;
  last_name: string;
  date_of_birth: string;
  phone_number: string;
  registered_at: Date;
};

/**
 * The likely-duplicate keys of the patients registered before registrations claimed them
 * (src/modules/patients/duplicate-keys.ts): one `SharedValueClaimed` per key of every live
 * patient, as the system, appended to the PostgreSQL event store, so the check in the commit knows
 * them from the first registration after the upgrade. The keys are computed by the same code as at
 * run time (JavaScript's lower case, not the database's). Only patients whose registration is in
 * this database's `events` table: with EventStoreDB the keys are not backfilled (see the README).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`create temporary table backfill_duplicate_keys
    (stream_id text, scope text, patient_id text, hospital_id text, registered_at timestamptz)`.execute(db);
  let after = '';
  for (;;) {
    const { rows } = await sql<Row>`
      select p.patient_id, p.hospital_id, p.first_name, p.last_name, p.date_of_birth, p.phone_number, p.registered_at
        from patients_list p
       where p.deleted_at is null and p.patient_id > ${after}
         and exists (select from events e where e.stream_id = 'patient-' || p.patient_id and e.stream_revision = 0)
       order by p.patient_id limit ${PAGE}`.execute(db);
    if (rows.length === 0) break;
    after = rows[rows.length - 1]!.patient_id;
    const keys = rows.flatMap((r) =>
      duplicateKeys(r.hospital_id, {
        firstName: r.first_name,
        lastName: r.last_name,
        dateOfBirth: r.date_of_birth,
        phoneNumber: r.phone_number,
      }).map((k) => ({ stream: sharedStream(k.scope, k.value), scope: k.scope, row: r })),
    );
    await sql`insert into backfill_duplicate_keys
      select * from unnest(${keys.map((k) => k.stream)}::text[], ${keys.map((k) => k.scope)}::text[],
        ${keys.map((k) => k.row.patient_id)}::text[], ${keys.map((k) => k.row.hospital_id)}::text[],
        ${keys.map((k) => k.row.registered_at)}::timestamptz[])`.execute(db);
  }
  const correlationId = randomUUID();
  const occurredAt = new Date().toISOString();
  // Each key's holders in the order they registered, after whatever its stream already holds.
  await sql`
    insert into events (stream_id, stream_revision, event_id, type, data, metadata)
    select k.stream_id,
           coalesce((select max(e.stream_revision) from events e where e.stream_id = k.stream_id), -1)
             + row_number() over (partition by k.stream_id order by k.registered_at, k.patient_id),
           gen_random_uuid(), 'SharedValueClaimed',
           jsonb_build_object('scope', k.scope, 'ownerId', k.patient_id),
           jsonb_build_object('hospitalId', k.hospital_id,
             'actor', jsonb_build_object('userId', 'system', 'role', 'system', 'name', 'System'),
             'correlationId', ${correlationId}::text, 'causationId', ${correlationId}::text,
             'occurredAt', ${occurredAt}::text, 'schemaVersion', 1)
      from backfill_duplicate_keys k
     order by k.stream_id, k.registered_at, k.patient_id`.execute(db);
  await sql`drop table backfill_duplicate_keys`.execute(db);
}

/** The claims stay in the event log, which is never rewritten. */
export async function down(): Promise<void> {}
