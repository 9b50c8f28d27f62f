import { sql, type GeneratedAlways, type QueryCreator, type Selectable } from 'kysely';
import type { Database } from '../../../platform/db/database';
import { prepared } from '../../../platform/db/prepared';
import { MAX_BATCH } from '../../../platform/event-store/group-commit';
import type { RecordedEvent } from '../../../platform/event-store/port';
import { defineProjection, emptyTables, type Trx } from '../../../platform/projections/projection';
import { hospitalZones } from '../../hospitals';
import { hospitalDate } from '../../../shared/hospital-calendar';
import type { PatientAdmitted, PatientRegistered, PatientStatusChanged, VitalsRecorded } from '../events';
import type { PatientDetails, PatientEvent, VitalSigns } from '../patient';
import { normalisePhone } from '../phone';
import { addToCount, COUNT_COLUMNS, countChanges, SEEN_BUCKET } from './patient-counts';

/** Last vitals as the list shows them: the measurements, and who took them when (from the event's metadata). */
export type StoredVitals = VitalSigns & { recordedAt: string; recordedBy: { id: string; name: string } };
/** The current admission; cleared when the patient's status becomes 'discharged'. */
export type StoredAdmission = {
  ward: string;
  reason: string | null;
  admittedAt: string;
  admittedBy: { id: string; name: string };
};

declare module '../../../platform/db/database' {
  interface Database {
    patients_list: {
      patient_id: string;
      hospital_id: string;
      first_name: string;
      last_name: string;
      date_of_birth: string;
      gender: string;
      phone_number: string;
      address: string;
      identification_number: string;
      emergency_contact_name: string | null;
      emergency_contact_relationship: string | null;
      emergency_contact_phone: string | null;
      status: string;
      registered_at: Date | string;
      /** The hospital's calendar date of registration, fixed when the event is projected. */
      registered_on: string;
      /** The stream's version (events in it) after the last event applied: the edit's `version`. */
      version: number;
      updated_at: Date | string;
      vitals: StoredVitals | null;
      admission: StoredAdmission | null;
      /** Who registered the patient (the event's actor); null on rows from before migration 0016 with no event. */
      registered_by: { id: string; name: string } | null;
      /** Has been 'seen' at some point (the doctor's "Total Patients Seen"). */
      ever_seen: boolean;
      /** A tombstone: the row stays so a replayed older event cannot bring the record back. */
      deleted_at: Date | string | null;
      phone_digits: GeneratedAlways<string>;
      search_text: GeneratedAlways<string>;
    };
  }
}

export const PATIENTS_LIST = 'patients-list';
export type PatientRow = Selectable<Database['patients_list']>;

const COLUMNS: Record<keyof PatientDetails, string> = {
  firstName: 'first_name',
  lastName: 'last_name',
  dateOfBirth: 'date_of_birth',
  gender: 'gender',
  phoneNumber: 'phone_number',
  address: 'address',
  identificationNumber: 'identification_number',
  emergencyContactName: 'emergency_contact_name',
  emergencyContactRelationship: 'emergency_contact_relationship',
  emergencyContactPhone: 'emergency_contact_phone',
};

const versionAfter = (event: RecordedEvent) => Number(event.revision) + 1;

export function admissionOf(
  data: PatientAdmitted['data'],
  actor: { userId: string; name: string },
  occurredAt: string,
): StoredAdmission {
  return {
    ward: data.ward,
    reason: data.reason,
    admittedAt: occurredAt,
    admittedBy: { id: actor.userId, name: actor.name },
  };
}

/** The person an event's metadata names, as a row keeps them. */
export const actorOf = (metadata: RecordedEvent['metadata']) => ({
  id: metadata.actor.userId,
  name: metadata.actor.name,
});

function touch(event: RecordedEvent) {
  return { version: versionAfter(event), updated_at: new Date(event.metadata.occurredAt) };
}

/**
 * The live row of the event's patient, locked, with its values before the statement changes them;
 * none when the event is already in it (versions only grow), which makes every handler idempotent
 * by position: a replayed event changes neither the row nor the counts.
 */
const before = (event: RecordedEvent<PatientEvent>) => (db: QueryCreator<Database>) =>
  db
    .selectFrom('patients_list')
    .select(['patient_id', 'status', 'registered_on', 'ever_seen', 'deleted_at'])
    .where('patient_id', '=', event.data.patientId)
    .where('version', '<', versionAfter(event))
    .forUpdate()
    .as('old');

/** The patient-list row a registration makes: one mapping for the projection, the replay and the answer. */
export function registeredRow(
  data: PatientRegistered['data'],
  at: Date,
  version: number,
  registeredBy: PatientRow['registered_by'],
  timeZone: string,
): PatientRow {
  return {
    patient_id: data.patientId,
    hospital_id: data.hospitalId,
    first_name: data.firstName,
    last_name: data.lastName,
    date_of_birth: data.dateOfBirth,
    gender: data.gender,
    phone_number: data.phoneNumber,
    address: data.address,
    identification_number: data.identificationNumber,
    emergency_contact_name: data.emergencyContactName,
    emergency_contact_relationship: data.emergencyContactRelationship,
    emergency_contact_phone: data.emergencyContactPhone,
    status: data.status,
    registered_at: at,
    registered_on: hospitalDate(at, timeZone),
    version,
    updated_at: at,
    vitals: null,
    admission: null,
    registered_by: registeredBy,
    ever_seen: data.status === 'seen',
    deleted_at: null,
    phone_digits: normalisePhone(data.phoneNumber),
    search_text: '',
  };
}

/** New patients' rows and the counts they add, in one statement; a row already there is left alone. */
async function insertRegistered(trx: Trx, events: RecordedEvent<PatientRegistered>[]): Promise<void> {
  // A statement takes at most 65 535 parameters: 23 a row.
  for (let i = 0; i < events.length; i += ROWS_PER_STATEMENT) {
    await insertRows(trx, events.slice(i, i + ROWS_PER_STATEMENT));
  }
}

const ROWS_PER_STATEMENT = 1000;

async function insertRows(trx: Trx, events: RecordedEvent<PatientRegistered>[]): Promise<void> {
  const zones = hospitalZones(trx);
  const zoneOf = await Promise.all(events.map((e) => zones.zoneOf(e.data.hospitalId)));
  const rows = events.map((event, i) => {
    // The generated columns are the database's to fill.
    const {
      phone_digits: _digits,
      search_text: _text,
      ...row
    } = registeredRow(
      event.data,
      new Date(event.metadata.occurredAt),
      versionAfter(event),
      actorOf(event.metadata),
      zoneOf[i]!,
    );
    return row;
  });
  const query = trx
    .with('changed', (db) =>
      db
        .insertInto('patients_list')
        .values(rows)
        .onConflict((oc) => oc.column('patient_id').doNothing())
        .returning([
          'hospital_id',
          sql<string[]>`array['status:' || status, 'day:' || registered_on, ${SEEN_BUCKET}]`.as('buckets'),
          sql<number[]>`array[1, 1, case when ever_seen then 1 else 0 end]`.as('deltas'),
        ]),
    )
    .insertInto('patient_counts')
    .columns(COUNT_COLUMNS)
    .expression(countChanges)
    .onConflict(addToCount)
    .compile();
  // Every registration runs it, one text per number of rows: a command burst's (up to a group
  // commit's batch) is parsed and planned once per connection. The longer runs of a catch-up are
  // rare shapes whose planning their rows outweigh; they would only fill the prepared texts.
  await trx.executeQuery(events.length <= MAX_BATCH ? prepared(query) : query);
}

/**
 * Status changes of distinct patients (a run of a layer, see `independentStreams`), one statement:
 * each row's values before the change, locked, then the change and the counts it moves. A deleted
 * record keeps its status out of the counts; the same status moves nothing.
 */
async function changeStatuses(trx: Trx, events: RecordedEvent<PatientStatusChanged>[]): Promise<void> {
  const moves = sql`old.deleted_at is null and old.status <> old.next`;
  await trx
    .with(
      'changed(hospital_id, buckets, deltas)',
      // Kysely writes a raw expression as it is: the parentheses are the CTE's.
      () => sql`(
        update patients_list p
           set status = old.next, version = old.version, updated_at = old.at,
               ever_seen = p.ever_seen or old.next = 'seen',
               admission = case when old.next = 'discharged' then null else p.admission end
          from (
            select l.patient_id, l.status, l.ever_seen, l.deleted_at, v.next, v.version, v.at
              from unnest(${events.map((e) => e.data.patientId)}::text[], ${events.map((e) => e.data.to)}::text[],
                          ${events.map(versionAfter)}::int[], ${events.map((e) => e.metadata.occurredAt)}::timestamptz[])
                   as v(patient_id, next, version, at)
              join patients_list l using (patient_id)
             where l.version < v.version
             for update of l
          ) old
         where p.patient_id = old.patient_id
        returning p.hospital_id,
          array['status:' || old.status, 'status:' || old.next, ${SEEN_BUCKET}],
          array[case when ${moves} then -1 else 0 end, case when ${moves} then 1 else 0 end,
                case when ${moves} and old.next = 'seen' and not old.ever_seen then 1 else 0 end])`,
    )
    .insertInto('patient_counts')
    .columns(COUNT_COLUMNS)
    .expression(countChanges)
    .onConflict(addToCount)
    .execute();
}

/** Vitals of distinct patients, one statement: the last measurements, who took them and when. */
async function recordVitals(trx: Trx, events: RecordedEvent<VitalsRecorded>[]): Promise<void> {
  const vitals = events.map((event) => {
    const { actor, occurredAt } = event.metadata;
    const stored: StoredVitals = {
      ...event.data.vitals,
      recordedAt: occurredAt,
      recordedBy: { id: actor.userId, name: actor.name },
    };
    return JSON.stringify(stored);
  });
  await sql`
    update patients_list p set vitals = v.vitals, version = v.version, updated_at = v.at
      from unnest(${events.map((e) => e.data.patientId)}::text[], ${vitals}::jsonb[],
                  ${events.map(versionAfter)}::int[], ${events.map((e) => e.metadata.occurredAt)}::timestamptz[])
           as v(patient_id, vitals, version, at)
     where p.patient_id = v.patient_id and p.version < v.version`.execute(trx);
}

/**
 * The patient list and its counts, in the append's transaction (inline), so a registration or an
 * edit is in the next list a receptionist loads. Each event is one statement: the row's change
 * and, where the counts move, their deltas (see `countChanges`), so a rebuild is not a chain of
 * round trips per event.
 */
export const patientsListProjection = defineProjection<PatientEvent>({
  name: PATIENTS_LIST,
  inline: true,
  handlers: {
    PatientDetailsEdited: async (trx, event) => {
      const set: Record<string, unknown> = touch(event);
      for (const [field, value] of Object.entries(event.data.changes)) {
        set[COLUMNS[field as keyof PatientDetails]] = value;
      }
      await trx
        .updateTable('patients_list')
        .set(set)
        .where('patient_id', '=', event.data.patientId)
        .where('version', '<', versionAfter(event))
        .execute();
    },

    PatientAdmitted: async (trx, event) => {
      const { actor, occurredAt } = event.metadata;
      await trx
        .updateTable('patients_list')
        .set({ ...touch(event), admission: admissionOf(event.data, actor, occurredAt) })
        .where('patient_id', '=', event.data.patientId)
        .where('version', '<', versionAfter(event))
        .execute();
    },

    PatientRecordDeleted: async (trx, event) => {
      await trx
        .with('changed', (db) =>
          db
            .updateTable('patients_list as p')
            .from(before(event)(db))
            .set({ ...touch(event), deleted_at: new Date(event.metadata.occurredAt) })
            .whereRef('p.patient_id', '=', 'old.patient_id')
            .where('old.deleted_at', 'is', null)
            .returning([
              'p.hospital_id',
              sql<string[]>`array['status:' || old.status, 'day:' || old.registered_on, ${SEEN_BUCKET}]`.as('buckets'),
              sql<number[]>`array[-1, -1, case when old.ever_seen then -1 else 0 end]`.as('deltas'),
            ]),
        )
        .insertInto('patient_counts')
        .columns(COUNT_COLUMNS)
        .expression(countChanges)
        .onConflict(addToCount)
        .execute();
    },
  },
  // A burst of registrations (a group commit), a page of a catch-up: a statement per run of a type;
  // a registration alone is a run of one (see defineProjection).
  batchHandlers: {
    PatientRegistered: insertRegistered,
    PatientStatusChanged: changeStatuses,
    VitalsRecorded: recordVitals,
  },
  independentStreams: true,
  // The list's and search's indexes (its handlers find rows by patient_id only): a status change
  // then updates one row, not five indexes, the trigram one among them.
  deferredIndexes: [
    'patients_list_newest',
    'patients_list_status_newest',
    'patients_list_search',
    'patients_list_phone',
    'patients_list_same_person',
  ],
  reset: (trx) => emptyTables(trx, ['patient_counts', 'patients_list']),
});
