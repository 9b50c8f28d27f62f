import { randomUUID } from 'node:crypto';
import type { Pool } from 'pg';
import { metadataFor } from '../src/platform/event-store/metadata';
import type { EventStore, StreamWrite } from '../src/platform/event-store/port';
import { normalisePhone } from '../src/modules/patients/phone';
import { demoPatient, demoStatus, demoVitals, random } from '../scripts/demo-patients';
import { DEFAULT_TIME_ZONE } from '../src/shared/hospital-calendar';

const ROLES = { receptionist: 'Bench Receptionist', nurse: 'Bench Nurse', doctor: 'Bench Doctor' } as const;
const TWO_YEARS_MS = 2 * 365 * 24 * 3600 * 1000;

/**
 * `count` patients of `hospitalId` as the commands would have written them: a PatientRegistered
 * per stream, then for most a PatientStatusChanged (by way of consultation) and for some
 * VitalsRecorded, appended 1000 streams at a time. Registration times spread evenly over the last
 * two years, oldest first. Returns how many events, and one patient to search for.
 */
export async function seedPatientEvents(store: EventStore, hospitalId: string, count: number, seed: number) {
  const rnd = random(seed);
  const start = Date.now() - TWO_YEARS_MS;
  const actor = (role: keyof typeof ROLES) => ({ userId: `bench-${role}`, role, name: ROLES[role] });
  let events = 0;
  let sample = null as null | ReturnType<typeof demoPatient>;
  for (let from = 0; from < count; from += 1000) {
    const writes: StreamWrite[] = [];
    for (let n = from; n < Math.min(count, from + 1000); n++) {
      const patientId = randomUUID();
      const at = new Date(start + Math.floor((n / count) * TWO_YEARS_MS));
      const meta = (role: keyof typeof ROLES, minutes: number) =>
        metadataFor({ hospitalId, actor: actor(role), now: new Date(at.getTime() + minutes * 60_000) });
      const p = demoPatient(rnd, n, `B${seed}PAT`, at);
      if (n === Math.floor(count / 2)) sample = p;
      const stream: StreamWrite = {
        stream: `patient-${patientId}`,
        expectedRevision: 'no_stream',
        events: [
          {
            type: 'PatientRegistered',
            metadata: meta('receptionist', 0),
            data: { ...p, patientId, hospitalId, status: 'waiting' },
          },
        ],
      };
      const status = demoStatus(rnd);
      if (status !== 'waiting') {
        stream.events.push({
          type: 'PatientStatusChanged',
          metadata: meta('doctor', 30),
          data: { patientId, from: 'waiting', to: status },
        });
      }
      if (rnd() < 0.4) {
        stream.events.push({
          type: 'VitalsRecorded',
          metadata: meta('nurse', 10),
          data: { patientId, vitals: demoVitals(rnd) },
        });
      }
      events += stream.events.length;
      writes.push(stream);
    }
    await store.appendMany(writes);
  }
  const p = sample!;
  const phoneDigits = normalisePhone(p.phoneNumber);
  return {
    events,
    sample: {
      ...p,
      phoneDigits,
      phoneInternational: `+234 ${phoneDigits.slice(0, 3)} ${phoneDigits.slice(3, 6)} ${phoneDigits.slice(6)}`,
    },
  };
}

/**
 * The rows the projection writes, written straight from the events by two SQL statements (the
 * last status of each stream; no vitals) into `table` and, unless it is a copy, the counts. The
 * baseline of the projection's rate (into a copy with the same indexes), and `--fill-sql`: requests
 * timed at a size whose catch-up would take the better part of an hour.
 */
export async function fillListBySql(pool: Pool, table: 'patients_list' | 'bench_list'): Promise<number> {
  const { rowCount } = await pool.query(
    `
    insert into ${table} (patient_id, hospital_id, first_name, last_name, date_of_birth, gender, phone_number,
      address, identification_number, emergency_contact_name, emergency_contact_relationship, emergency_contact_phone,
      status, registered_at, registered_on, version, updated_at, ever_seen)
    select e.data->>'patientId', e.data->>'hospitalId', e.data->>'firstName', e.data->>'lastName', e.data->>'dateOfBirth',
      e.data->>'gender', e.data->>'phoneNumber', e.data->>'address', e.data->>'identificationNumber',
      e.data->>'emergencyContactName', e.data->>'emergencyContactRelationship', e.data->>'emergencyContactPhone',
      coalesce(s.status, 'waiting'), (e.metadata->>'occurredAt')::timestamptz,
      ((e.metadata->>'occurredAt')::timestamptz at time zone coalesce(
        (select z.time_zone from hospital_settings z where z.hospital_id = e.data->>'hospitalId'), $1))::date::text, 1 + coalesce(s.revision, 0),
      (e.metadata->>'occurredAt')::timestamptz, coalesce(s.status = 'seen', false)
    from events e
    left join lateral (
      select x.data->>'to' as status, x.stream_revision as revision from events x
      where x.stream_id = e.stream_id and x.type = 'PatientStatusChanged' order by x.stream_revision desc limit 1
    ) s on true
    where e.type = 'PatientRegistered'`,
    [DEFAULT_TIME_ZONE],
  );
  if (table === 'patients_list') {
    await pool.query(`
      insert into patient_counts (hospital_id, bucket, patients)
      select hospital_id, 'status:' || status, count(*) from patients_list group by 1, 2
      union all select hospital_id, 'day:' || registered_on, count(*) from patients_list group by 1, 2
      union all select hospital_id, 'seen', count(*) from patients_list where ever_seen group by 1`);
  }
  return rowCount ?? 0;
}
