import { sql, type Selectable } from 'kysely';
import type { Database, Db } from '../../../platform/db/database';
import type { RecordedEvent } from '../../../platform/event-store/port';
import { defineProjection, emptyTables, type Trx } from '../../../platform/projections/projection';
import { STAFF_ROLES, type RoleCode } from '../roles';
import type { StaffMemberEvent } from '../events';
import { ADMIN_SEATS } from '../plans';

declare module '../../../platform/db/database' {
  interface Database {
    staff_directory: {
      user_id: string;
      hospital_id: string;
      employee_id: string;
      first_name: string;
      last_name: string;
      email: string;
      role: string;
      is_active: boolean;
      department: string | null;
      specialization: string | null;
      phone: string | null;
      /** Events in the member's stream; the `expectedVersion` a client sends back to edit. */
      version: number;
      deleted: boolean;
      created_at: Date | string;
      updated_at: Date | string;
    };
  }
}

export const STAFF_DIRECTORY = 'staff-directory';

type Row = Selectable<Database['staff_directory']>;

// Every handler writes absolute values keyed by the event's revision, and only over an older
// revision, so replaying an event (or an older one after a newer) changes nothing.
function touch(event: RecordedEvent) {
  return { version: Number(event.revision) + 1, updated_at: event.metadata.occurredAt };
}

async function patch(trx: Trx, event: RecordedEvent<StaffMemberEvent>, values: Partial<Row>) {
  await trx
    .updateTable('staff_directory')
    .set({ ...values, ...touch(event) })
    .where('user_id', '=', event.data.userId)
    .where('version', '<', Number(event.revision) + 1)
    .execute();
}

/** The users list and counts; inline, so the admin's next request sees the change. */
export const staffDirectoryProjection = defineProjection<StaffMemberEvent>({
  name: STAFF_DIRECTORY,
  inline: true,
  handlers: {
    StaffMemberCreated: async (trx, event) => {
      const d = event.data;
      await trx
        .insertInto('staff_directory')
        .values({
          user_id: d.userId,
          hospital_id: d.hospitalId,
          employee_id: d.employeeId,
          first_name: d.firstName,
          last_name: d.lastName,
          email: d.email,
          role: d.role,
          is_active: true,
          department: d.department,
          specialization: d.specialization,
          phone: d.phone,
          deleted: false,
          created_at: event.metadata.occurredAt,
          ...touch(event),
        })
        .onConflict((oc) => oc.column('user_id').doNothing())
        .execute();
    },
    StaffMemberUpdated: async (trx, event) => {
      const { firstName, lastName, email, role } = event.data;
      await patch(trx, event, { first_name: firstName, last_name: lastName, email, role });
    },
    StaffMemberDeactivated: async (trx, event) => patch(trx, event, { is_active: false }),
    StaffMemberReactivated: async (trx, event) => patch(trx, event, { is_active: true }),
    // Deleted members leave every list, but keep their row so they can still be named.
    StaffMemberDeleted: async (trx, event) => patch(trx, event, { deleted: true, is_active: false }),
  },
  reset: (trx) => emptyTables(trx, ['staff_directory']),
});

// ---- queries -------------------------------------------------------------------------------

export type StaffListItem = {
  _id: string;
  id: string;
  employeeId: string;
  firstName: string;
  lastName: string;
  email: string;
  role: string;
  isActive: boolean;
  department: string | null;
  specialization: string | null;
  phone: string | null;
  version: number;
  createdAt: string;
};

function toItem(r: Row): StaffListItem {
  return {
    _id: r.user_id,
    id: r.user_id,
    employeeId: r.employee_id,
    firstName: r.first_name,
    lastName: r.last_name,
    email: r.email,
    role: r.role,
    isActive: r.is_active,
    department: r.department,
    specialization: r.specialization,
    phone: r.phone,
    version: r.version,
    createdAt: new Date(r.created_at).toISOString(),
  };
}

export type StaffListQuery = {
  page: number;
  limit: number;
  search?: string;
  role?: RoleCode;
  status?: 'active' | 'inactive';
};

/** Escapes LIKE wildcards so a search for "50%" means the text, not a pattern. */
function likePattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

export async function listStaff(db: Db, hospitalId: string, q: StaffListQuery) {
  let base = db.selectFrom('staff_directory').where('hospital_id', '=', hospitalId).where('deleted', '=', false);
  const search = q.search?.trim();
  if (search) {
    const p = likePattern(search);
    base = base.where((eb) =>
      eb.or([
        eb('first_name', 'ilike', p),
        eb('last_name', 'ilike', p),
        eb(sql<string>`first_name || ' ' || last_name`, 'ilike', p),
        eb('email', 'ilike', p),
        eb('employee_id', 'ilike', p),
      ]),
    );
  }
  if (q.role) base = base.where('role', '=', q.role);
  if (q.status) base = base.where('is_active', '=', q.status === 'active');
  const [{ total }] = (await base.select((eb) => eb.fn.countAll<string>().as('total')).execute()) as [
    { total: string },
  ];
  const rows = await base
    .selectAll()
    .orderBy('created_at', 'desc')
    .orderBy('user_id')
    .limit(q.limit)
    .offset((q.page - 1) * q.limit)
    .execute();
  return { users: rows.map(toItem), total: Number(total) };
}

export async function findStaff(
  db: Db,
  hospitalId: string,
  userId: string,
  options: { includeDeleted?: boolean } = {},
): Promise<StaffListItem | null> {
  let q = db
    .selectFrom('staff_directory')
    .selectAll()
    .where('hospital_id', '=', hospitalId)
    .where('user_id', '=', userId);
  if (!options.includeDeleted) q = q.where('deleted', '=', false);
  const row = await q.executeTakeFirst();
  return row ? toItem(row) : null;
}

/** Seats in use as the list shows them: every member not deleted, plus the admin. */
export async function seatsInUse(db: Db, hospitalId: string): Promise<number> {
  const row = await db
    .selectFrom('staff_directory')
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .where('hospital_id', '=', hospitalId)
    .where('deleted', '=', false)
    .executeTakeFirstOrThrow();
  return Number(row.n) + ADMIN_SEATS;
}

export async function staffStats(db: Db, hospitalId: string) {
  const rows = await db
    .selectFrom('staff_directory')
    .select(['role', 'is_active', (eb) => eb.fn.countAll<string>().as('n')])
    .where('hospital_id', '=', hospitalId)
    .where('deleted', '=', false)
    .groupBy(['role', 'is_active'])
    .execute();
  const byRole = Object.fromEntries(STAFF_ROLES.map((r) => [r, 0])) as Record<string, number>;
  let active = 0;
  let inactive = 0;
  for (const r of rows) {
    const n = Number(r.n);
    byRole[r.role] = (byRole[r.role] ?? 0) + n;
    if (r.is_active) active += n;
    else inactive += n;
  }
  return { totalUsers: active + inactive, active, inactive, byRole };
}
