import type { Database } from '../../../platform/db/database';
import { isEvent } from '../../../platform/event-store/contracts';
import type { DomainEvent, RecordedEvent } from '../../../platform/event-store/port';
import type { HandlersFor, Trx } from '../../../platform/projections/projection';
import type { RoleCode } from '../../../shared/roles';
import type { PatientEvent } from '../../patients';
import type { StaffMemberEvent } from '../../staff';
import type { Lookups } from '../rules';

/**
 * The notifier's own copies of patient and staff names, kept from the events by the notifications
 * projection itself, so a message about event n always names the person as they stood at event n
 * (another module's read model may be ahead or behind this projection).
 */
declare module '../../../platform/db/database' {
  interface Database {
    notification_patients: {
      patient_id: string;
      hospital_id: string;
      first_name: string;
      last_name: string;
      identification_number: string;
    };
    notification_staff: {
      user_id: string;
      hospital_id: string;
      employee_id: string;
      first_name: string;
      last_name: string;
      email: string;
      role: string;
      department: string | null;
      specialization: string | null;
      phone: string | null;
      is_active: boolean;
    };
  }
}

export function lookupsIn(trx: Trx): Lookups {
  return {
    patient: async (hospitalId, id) => {
      const row = await trx
        .selectFrom('notification_patients')
        .selectAll()
        .where('patient_id', '=', id)
        .where('hospital_id', '=', hospitalId)
        .executeTakeFirst();
      return row
        ? {
            id,
            firstName: row.first_name,
            lastName: row.last_name,
            identificationNumber: row.identification_number,
          }
        : null;
    },
    staff: async (hospitalId, id) => {
      const row = await trx
        .selectFrom('notification_staff')
        .selectAll()
        .where('user_id', '=', id)
        .where('hospital_id', '=', hospitalId)
        .executeTakeFirst();
      return row
        ? {
            id,
            employeeId: row.employee_id,
            firstName: row.first_name,
            lastName: row.last_name,
            email: row.email,
            role: row.role as RoleCode,
            department: row.department,
            specialization: row.specialization,
            phone: row.phone,
            isActive: row.is_active,
          }
        : null;
    },
  };
}

type CopyHandler = (trx: Trx, event: RecordedEvent) => Promise<void>;
type Of<E extends { type: string }, K extends E['type']> = Extract<E, { type: K }>;

type PatientCopy = Database['notification_patients'];

function registeredCopy(raw: RecordedEvent<Of<PatientEvent, 'PatientRegistered'>>): PatientCopy {
  const { data } = raw;
  return {
    patient_id: data.patientId,
    hospital_id: raw.metadata.hospitalId,
    first_name: data.firstName,
    last_name: data.lastName,
    identification_number: data.identificationNumber,
  };
}

/**
 * The copies as a page of the feed keeps them: `copy` after an event's messages are drafted,
 * `flush` at the end of the page. New patients' copies wait and go in as one statement (a burst
 * of registrations is most of a busy page); they are written before anything reads the copies or
 * changes them, so every lookup and every later change sees them as if written one by one.
 */
export function copiesIn(trx: Trx): {
  lookups: Lookups;
  prefetch: (events: readonly RecordedEvent[]) => Promise<void>;
  copy: (event: RecordedEvent) => Promise<void>;
  flush: () => Promise<void>;
} {
  const registered = new Map<string, PatientCopy>();
  // The page's patients as their copies stand, read in one query and kept in step with every copy
  // the page writes: a page of status changes and vitals is one read, not one per event.
  const known = new Map<string, PatientCopy | null>();
  const flush = async () => {
    if (registered.size === 0) return;
    const rows = [...registered.values()];
    registered.clear();
    await trx
      .insertInto('notification_patients')
      .values(rows)
      .onConflict((oc) =>
        oc.column('patient_id').doUpdateSet((eb) => ({
          hospital_id: eb.ref('excluded.hospital_id'),
          first_name: eb.ref('excluded.first_name'),
          last_name: eb.ref('excluded.last_name'),
          identification_number: eb.ref('excluded.identification_number'),
        })),
      )
      .execute();
  };
  const lookups = lookupsIn(trx);
  return {
    lookups: {
      patient: async (hospitalId, id) => {
        if (!known.has(id)) return (await flush(), lookups.patient(hospitalId, id));
        const row = known.get(id);
        return row && row.hospital_id === hospitalId
          ? { id, firstName: row.first_name, lastName: row.last_name, identificationNumber: row.identification_number }
          : null;
      },
      staff: lookups.staff,
    },
    prefetch: async (events) => {
      const ids = [
        ...new Set(events.flatMap((e) => ((e.data as { patientId?: unknown }).patientId as string) ?? [])),
      ].filter((id) => typeof id === 'string');
      if (ids.length === 0) return;
      const rows = await trx.selectFrom('notification_patients').selectAll().where('patient_id', 'in', ids).execute();
      for (const id of ids) known.set(id, null);
      for (const row of rows) known.set(row.patient_id, row);
    },
    copy: async (event) => {
      if (isEvent<Of<PatientEvent, 'PatientRegistered'>>(event, 'PatientRegistered')) {
        const row = registeredCopy(event);
        registered.set(row.patient_id, row);
        known.set(row.patient_id, row);
        return;
      }
      const handler = COPIES[event.type];
      if (!handler) return;
      await flush();
      await handler(trx, event);
      if (isEvent<Of<PatientEvent, 'PatientDetailsEdited'>>(event, 'PatientDetailsEdited')) {
        const { data } = event;
        const row = known.get(data.patientId);
        const c = data.changes;
        if (row) {
          known.set(data.patientId, {
            ...row,
            ...(c.firstName !== undefined && { first_name: c.firstName }),
            ...(c.lastName !== undefined && { last_name: c.lastName }),
            ...(c.identificationNumber !== undefined && { identification_number: c.identificationNumber }),
          });
        }
      }
    },
    flush,
  };
}

/** Keeps the copies after an event's messages are drafted. A deleted member or patient keeps their row. */
const copyHandlers: HandlersFor<PatientEvent | StaffMemberEvent> = {
  PatientRegistered: async (trx, raw) => {
    const { patient_id, ...row } = registeredCopy(raw);
    await trx
      .insertInto('notification_patients')
      .values({ patient_id, ...row })
      .onConflict((oc) => oc.column('patient_id').doUpdateSet(row))
      .execute();
  },
  PatientDetailsEdited: async (trx, raw) => {
    const { data } = raw;
    const { firstName, lastName, identificationNumber } = data.changes;
    if (firstName === undefined && lastName === undefined && identificationNumber === undefined) return;
    await trx
      .updateTable('notification_patients')
      .set({
        ...(firstName !== undefined && { first_name: firstName }),
        ...(lastName !== undefined && { last_name: lastName }),
        ...(identificationNumber !== undefined && { identification_number: identificationNumber }),
      })
      .where('patient_id', '=', data.patientId)
      .execute();
  },
  StaffMemberCreated: async (trx, raw) => {
    const { data } = raw;
    const row = {
      hospital_id: raw.metadata.hospitalId,
      employee_id: data.employeeId,
      first_name: data.firstName,
      last_name: data.lastName,
      email: data.email,
      role: data.role,
      department: data.department,
      specialization: data.specialization,
      phone: data.phone,
      is_active: true,
    };
    await trx
      .insertInto('notification_staff')
      .values({ user_id: data.userId, ...row })
      .onConflict((oc) => oc.column('user_id').doUpdateSet(row))
      .execute();
  },
  StaffMemberUpdated: async (trx, raw) => {
    const { data } = raw;
    await trx
      .updateTable('notification_staff')
      .set({ first_name: data.firstName, last_name: data.lastName, email: data.email, role: data.role })
      .where('user_id', '=', data.userId)
      .execute();
  },
  StaffMemberDeactivated: (trx, raw) => setActive(trx, raw, false),
  StaffMemberReactivated: (trx, raw) => setActive(trx, raw, true),
};
/** The copy handlers by event type, as the projection looks them up. */
export const COPIES = copyHandlers as Readonly<Record<string, CopyHandler>>;

async function setActive(trx: Trx, raw: RecordedEvent<DomainEvent<string, { userId: string }>>, isActive: boolean) {
  await trx
    .updateTable('notification_staff')
    .set({ is_active: isActive })
    .where('user_id', '=', raw.data.userId)
    .execute();
}
