import { sql, type Selectable } from 'kysely';
import type { Database, Db } from '../../../platform/db/database';
import { defineProjection } from '../../../platform/projections/projection';
import { ageOn, hospitalDate } from '../clinic-time';
import type { PatientEvent, PatientRegistered } from '../events';

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
      version: number;
    };
  }
}

export const PATIENTS_LIST = 'patients-list';

type Row = Selectable<Database['patients_list']>;

export const patientsListProjection = defineProjection<PatientEvent>({
  name: PATIENTS_LIST,
  inline: true,
  handlers: {
    PatientRegistered: async (trx, event) => {
      const d = event.data;
      const at = new Date(event.metadata.occurredAt);
      await trx
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
          registered_on: hospitalDate(at),
          version: Number(event.revision) + 1,
        })
        .onConflict((oc) => oc.column('patient_id').doNothing())
        .execute();
    },
  },
  reset: async (trx) => {
    await trx.deleteFrom('patients_list').execute();
  },
});

// ---- queries -------------------------------------------------------------------------------

function toItem(r: Row, today: string) {
  return {
    id: r.patient_id,
    name: `${r.first_name} ${r.last_name}`,
    firstName: r.first_name,
    lastName: r.last_name,
    age: ageOn(r.date_of_birth, today),
    gender: r.gender,
    contact: r.phone_number,
    status: r.status,
    dateRegistered: new Date(r.registered_at).toISOString(),
    identificationNumber: r.identification_number,
  };
}

function toDetail(r: Row, today: string) {
  return {
    ...toItem(r, today),
    dateOfBirth: r.date_of_birth,
    phoneNumber: r.phone_number,
    address: r.address,
    emergencyContact: {
      name: r.emergency_contact_name,
      relationship: r.emergency_contact_relationship,
      phoneNumber: r.emergency_contact_phone ?? r.phone_number,
    },
  };
}

export type PatientListQuery = { page: number; limit: number; search?: string; status?: string; countOnly?: boolean };

function likePattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/** `now` decides the ages shown; passed in so a query is a pure function of its inputs. */
export async function listPatients(db: Db, hospitalId: string, q: PatientListQuery, now: Date) {
  let base = db.selectFrom('patients_list').where('hospital_id', '=', hospitalId);
  const search = q.search?.trim();
  if (search) {
    const p = likePattern(search);
    base = base.where((eb) =>
      eb.or([
        eb(sql<string>`first_name || ' ' || last_name`, 'ilike', p),
        eb(sql<string>`last_name || ' ' || first_name`, 'ilike', p),
        eb('identification_number', 'ilike', p),
        eb('phone_number', 'ilike', p),
      ]),
    );
  }
  if (q.status) base = base.where('status', '=', q.status);
  const { total } = await base.select((eb) => eb.fn.countAll<string>().as('total')).executeTakeFirstOrThrow();
  if (q.countOnly) return { patients: [], total: Number(total) };
  const rows = await base
    .selectAll()
    .orderBy('registered_at', 'desc')
    .orderBy('patient_id')
    .limit(q.limit)
    .offset((q.page - 1) * q.limit)
    .execute();
  const today = hospitalDate(now);
  return { patients: rows.map((r) => toItem(r, today)), total: Number(total) };
}

/** A just-registered patient as the detail answer shows it, from the registration event itself. */
export function patientFromEvent(event: PatientRegistered, occurredAt: string, now: Date) {
  const d = event.data;
  const at = new Date(occurredAt);
  return toDetail(
    {
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
      registered_on: hospitalDate(at),
      version: 1,
    },
    hospitalDate(now),
  );
}

export async function findPatient(db: Db, hospitalId: string, patientId: string, now: Date) {
  const row = await db
    .selectFrom('patients_list')
    .selectAll()
    .where('hospital_id', '=', hospitalId)
    .where('patient_id', '=', patientId)
    .executeTakeFirst();
  return row ? toDetail(row, hospitalDate(now)) : null;
}

export async function patientStats(db: Db, hospitalId: string, now: Date) {
  const rows = await db
    .selectFrom('patients_list')
    .select(['status', (eb) => eb.fn.countAll<string>().as('n')])
    .where('hospital_id', '=', hospitalId)
    .groupBy('status')
    .execute();
  const today = await db
    .selectFrom('patients_list')
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .where('hospital_id', '=', hospitalId)
    .where('registered_on', '=', hospitalDate(now))
    .executeTakeFirstOrThrow();
  const byStatus = Object.fromEntries(rows.map((r) => [r.status, Number(r.n)]));
  const totalPatients = rows.reduce((sum, r) => sum + Number(r.n), 0);
  return { totalPatients, byStatus, registeredToday: Number(today.n) };
}
