import { sql, type Kysely } from 'kysely';

/**
 * Who registered the patient (the admin's patient list), taken from the registration event's
 * metadata; rows projected before this column get it from their event, so no rebuild is needed.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table patients_list add column registered_by jsonb`.execute(db);
  await sql`
    update patients_list p
    set registered_by = jsonb_build_object('id', e.metadata->'actor'->>'userId', 'name', e.metadata->'actor'->>'name')
    from events e
    where e.type = 'PatientRegistered' and e.stream_revision = 0 and e.stream_id = 'patient-' || p.patient_id`.execute(
    db,
  );
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`alter table patients_list drop column registered_by`.execute(db);
}
