import type { GeneratedAlways, Selectable } from 'kysely';
import type { Database } from '../../../platform/db/database';
import type { RecordedEvent } from '../../../platform/event-store/port';
import { defineProjection, type Trx } from '../../../platform/projections/projection';
import { hospitalDate } from '../clinic-time';
import type { PatientDetails, PatientEvent, VitalSigns } from '../patient';
import { bumpCounts, dayBucket, SEEN_BUCKET, statusBucket } from './patient-counts';

/** Last vitals as the list shows them: the measurements, and who took them when (from the event's metadata). */
export type StoredVitals = VitalSigns & { recordedAt: string; recordedBy: { id: string; name: string } };

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

/**
 * The row an event of its stream applies to, locked; null when there is none or the event is
 * already in it (versions only grow), which makes every handler idempotent by position.
 */
async function rowFor(trx: Trx, event: RecordedEvent<PatientEvent>) {
  const row = await trx
    .selectFrom('patients_list')
    .select(['hospital_id', 'status', 'registered_on', 'ever_seen', 'deleted_at', 'version'])
    .where('patient_id', '=', event.data.patientId)
    .forUpdate()
    .executeTakeFirst();
  return row && row.version < versionAfter(event) ? row : null;
}

function touch(event: RecordedEvent) {
  return { version: versionAfter(event), updated_at: new Date(event.metadata.occurredAt) };
}

/**
 * The patient list and its counts, in the append's transaction (inline), so a registration or an
 * edit is in the next list a receptionist loads. The counts move only when the row does.
 */
export const patientsListProjection = defineProjection<PatientEvent>({
  name: PATIENTS_LIST,
  inline: true,
  handlers: {
    PatientRegistered: async (trx, event) => {
      const d = event.data;
      const at = new Date(event.metadata.occurredAt);
      const registeredOn = hospitalDate(at);
      const inserted = await trx
        .insertInto('patients_list')
        .values({
          patient_id: d.patientId,
          hospital_id: d.hospitalId,
          first_name: d.firstName,
          last_name: d.lastName,
          date_of_birth: d.dateOfBirth,
          gender: d.gender,
          phone_number: d.phoneNumber,
          address: d.address,
          identification_number: d.identificationNumber,
          emergency_contact_name: d.emergencyContactName,
          emergency_contact_relationship: d.emergencyContactRelationship,
          emergency_contact_phone: d.emergencyContactPhone,
          status: d.status,
          registered_at: at,
          registered_on: registeredOn,
          version: versionAfter(event),
          updated_at: at,
          vitals: null,
          ever_seen: d.status === 'seen',
          deleted_at: null,
        })
        .onConflict((oc) => oc.column('patient_id').doNothing())
        .returning('patient_id')
        .executeTakeFirst();
      if (!inserted) return;
      await bumpCounts(trx, d.hospitalId, {
        [statusBucket(d.status)]: 1,
        [dayBucket(registeredOn)]: 1,
        ...(d.status === 'seen' ? { [SEEN_BUCKET]: 1 } : {}),
      });
    },

    PatientDetailsEdited: async (trx, event) => {
      if (!(await rowFor(trx, event))) return;
      const set: Record<string, unknown> = touch(event);
      for (const [field, value] of Object.entries(event.data.changes)) {
        set[COLUMNS[field as keyof PatientDetails]] = value;
      }
      await trx.updateTable('patients_list').set(set).where('patient_id', '=', event.data.patientId).execute();
    },

    PatientStatusChanged: async (trx, event) => {
      const row = await rowFor(trx, event);
      if (!row) return;
      const to = event.data.to;
      const firstSeen = to === 'seen' && !row.ever_seen;
      await trx
        .updateTable('patients_list')
        .set({ ...touch(event), status: to, ever_seen: row.ever_seen || to === 'seen' })
        .where('patient_id', '=', event.data.patientId)
        .execute();
      if (row.deleted_at !== null) return;
      await bumpCounts(trx, row.hospital_id, {
        [statusBucket(row.status)]: -1,
        [statusBucket(to)]: 1,
        ...(firstSeen ? { [SEEN_BUCKET]: 1 } : {}),
      });
    },

    VitalsRecorded: async (trx, event) => {
      if (!(await rowFor(trx, event))) return;
      const { actor, occurredAt } = event.metadata;
      const vitals: StoredVitals = {
        ...event.data.vitals,
        recordedAt: occurredAt,
        recordedBy: { id: actor.userId, name: actor.name },
      };
      await trx
        .updateTable('patients_list')
        .set({ ...touch(event), vitals })
        .where('patient_id', '=', event.data.patientId)
        .execute();
    },

    PatientRecordDeleted: async (trx, event) => {
      const row = await rowFor(trx, event);
      if (!row || row.deleted_at !== null) return;
      await trx
        .updateTable('patients_list')
        .set({ ...touch(event), deleted_at: new Date(event.metadata.occurredAt) })
        .where('patient_id', '=', event.data.patientId)
        .execute();
      await bumpCounts(trx, row.hospital_id, {
        [statusBucket(row.status)]: -1,
        [dayBucket(row.registered_on)]: -1,
        ...(row.ever_seen ? { [SEEN_BUCKET]: -1 } : {}),
      });
    },
  },
  reset: async (trx) => {
    await trx.deleteFrom('patient_counts').execute();
    await trx.deleteFrom('patients_list').execute();
  },
});
