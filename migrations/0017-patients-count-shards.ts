import { sql, type Kysely } from 'kysely';

/**
 * The patient counts striped over shards. Every registration of a hospital adds to the same
 * buckets ('status:waiting', today's 'day:…'), and an upsert holds its row until the transaction
 * commits: with one row per bucket, concurrent registrations of one hospital queued on it and
 * committed one at a time. Each writing connection now adds to its own shard of the bucket
 * (see `countChanges`), and a read sums a bucket's shards: a handful of rows either way.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table patient_counts add column shard smallint not null default 0`.execute(db);
  await sql`alter table patient_counts drop constraint patient_counts_pkey`.execute(db);
  await sql`alter table patient_counts add primary key (hospital_id, bucket, shard)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table patient_counts_folded as
    select hospital_id, bucket, sum(patients)::integer as patients from patient_counts group by hospital_id, bucket`.execute(
    db,
  );
  await sql`delete from patient_counts`.execute(db);
  await sql`alter table patient_counts drop constraint patient_counts_pkey`.execute(db);
  await sql`alter table patient_counts drop column shard`.execute(db);
  await sql`alter table patient_counts add primary key (hospital_id, bucket)`.execute(db);
  await sql`insert into patient_counts select hospital_id, bucket, patients from patient_counts_folded`.execute(db);
  await sql`drop table patient_counts_folded`.execute(db);
}
