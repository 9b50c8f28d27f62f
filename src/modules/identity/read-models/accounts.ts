import { defineProjection, type Trx } from '../../../platform/projections/projection';
import type { Database, Db } from '../../../platform/db/database';
import type { HospitalEvent } from '../../hospitals';
import type { AccountEvent } from '../account';
import type { StaffMemberEvent } from '../../staff';

declare module '../../../platform/db/database' {
  interface Database {
    identity_accounts: {
      user_id: string;
      hospital_id: string;
      kind: 'admin' | 'staff';
      email: string;
      password_hash: string;
      role: string;
      first_name: string;
      last_name: string;
      full_name: string;
      job_title: string | null;
      employee_id: string | null;
      department: string | null;
      specialization: string | null;
      phone: string | null;
      is_active: boolean;
      deleted: boolean;
      email_verified: boolean;
      must_change_password: boolean;
      last_login_at: Date | null;
      previous_login_at: Date | null;
      locked_until: Date | null;
      created_at: Date;
    };
    identity_hospitals: { hospital_id: string; hospital_code: string; name: string; status: string };
  }
}

export const ACCOUNTS_PROJECTION = 'identity-accounts';

function splitName(fullName: string): { first: string; last: string } {
  const parts = fullName.trim().split(/\s+/);
  return { first: parts[0] ?? '', last: parts.slice(1).join(' ') };
}

async function setAccount(trx: Trx, userId: string, values: Partial<Account>) {
  await trx.updateTable('identity_accounts').set(values).where('user_id', '=', userId).execute();
}

/**
 * Login accounts: onboarding admins (identity's own AdminAccountCreated) and staff (projected
 * from the staff module's events), plus sign-in state; and identity's own copy of each
 * hospital's name and status, which sign-in and session checks need.
 */
export const accountsProjection = defineProjection<AccountEvent | StaffMemberEvent | HospitalEvent>({
  name: ACCOUNTS_PROJECTION,
  handlers: {
    HospitalRegistered: async (trx, { data }) => {
      await trx
        .insertInto('identity_hospitals')
        .values({
          hospital_id: data.hospitalId,
          hospital_code: data.hospitalCode,
          name: data.name,
          status: data.status,
        })
        .onConflict((oc) => oc.column('hospital_id').doNothing())
        .execute();
    },
    HospitalStatusChanged: async (trx, { data }) => {
      await trx
        .updateTable('identity_hospitals')
        .set({ status: data.status })
        .where('hospital_id', '=', data.hospitalId)
        .execute();
    },
    AdminAccountCreated: async (trx, event) => {
      const d = event.data;
      const { first, last } = splitName(d.fullName);
      await trx
        .insertInto('identity_accounts')
        .values({
          user_id: d.userId,
          hospital_id: d.hospitalId,
          kind: 'admin',
          email: d.email,
          password_hash: d.passwordHash,
          role: 'admin',
          first_name: first,
          last_name: last,
          full_name: d.fullName,
          job_title: d.jobTitle,
          employee_id: null,
          department: null,
          specialization: null,
          phone: null,
          is_active: true,
          deleted: false,
          email_verified: true,
          must_change_password: false,
          last_login_at: null,
          previous_login_at: null,
          locked_until: null,
          created_at: new Date(event.metadata.occurredAt),
        })
        .onConflict((oc) => oc.column('user_id').doNothing())
        .execute();
    },
    StaffMemberCreated: async (trx, event) => {
      const d = event.data;
      await trx
        .insertInto('identity_accounts')
        .values({
          user_id: d.userId,
          hospital_id: d.hospitalId,
          kind: 'staff',
          email: d.email.toLowerCase(),
          password_hash: d.passwordHash,
          role: d.role,
          first_name: d.firstName,
          last_name: d.lastName,
          full_name: `${d.firstName} ${d.lastName}`.trim(),
          job_title: null,
          employee_id: d.employeeId,
          department: d.department,
          specialization: d.specialization,
          phone: d.phone,
          is_active: true,
          deleted: false,
          // The address was given by the hospital's admin; the generated password is mailed to it.
          email_verified: true,
          must_change_password: true,
          last_login_at: null,
          previous_login_at: null,
          locked_until: null,
          created_at: new Date(event.metadata.occurredAt),
        })
        .onConflict((oc) => oc.column('user_id').doNothing())
        .execute();
    },
    StaffMemberUpdated: async (trx, { data: d }) => {
      await setAccount(trx, d.userId, {
        first_name: d.firstName,
        last_name: d.lastName,
        full_name: `${d.firstName} ${d.lastName}`.trim(),
        email: d.email.toLowerCase(),
        role: d.role,
      });
    },
    StaffMemberDeactivated: async (trx, { data }) => setAccount(trx, data.userId, { is_active: false }),
    StaffMemberReactivated: async (trx, { data }) => setAccount(trx, data.userId, { is_active: true }),
    StaffMemberDeleted: async (trx, { data }) => setAccount(trx, data.userId, { deleted: true, is_active: false }),
    LoginSucceeded: async (trx, { data }) => {
      await trx
        .updateTable('identity_accounts')
        .set((eb) => ({
          previous_login_at: eb.ref('last_login_at'),
          last_login_at: new Date(data.at),
          locked_until: null,
        }))
        .where('user_id', '=', data.userId)
        .execute();
    },
    AccountLocked: async (trx, { data }) => setAccount(trx, data.userId, { locked_until: new Date(data.lockedUntil) }),
    PasswordChanged: async (trx, { data }) =>
      setAccount(trx, data.userId, { password_hash: data.passwordHash, must_change_password: false }),
  },
  reset: async (trx) => {
    await trx.deleteFrom('identity_accounts').execute();
    await trx.deleteFrom('identity_hospitals').execute();
  },
});

export type Account = Database['identity_accounts'];
export type AccountHospital = { id: string; hospitalId: string; name: string; status: string };

/** The account that signs in with `email`: the live one, else the latest deleted one. */
export async function findAccountByEmail(db: Db, email: string): Promise<Account | undefined> {
  return db
    .selectFrom('identity_accounts')
    .selectAll()
    .where('email', '=', email)
    .orderBy('deleted', 'asc')
    .orderBy('created_at', 'desc')
    .limit(1)
    .executeTakeFirst();
}

export async function findAccount(db: Db, userId: string): Promise<Account | undefined> {
  return db.selectFrom('identity_accounts').selectAll().where('user_id', '=', userId).executeTakeFirst();
}

export async function findAccountHospital(db: Db, hospitalId: string): Promise<AccountHospital | null> {
  const row = await db
    .selectFrom('identity_hospitals')
    .selectAll()
    .where('hospital_id', '=', hospitalId)
    .executeTakeFirst();
  return row ? { id: row.hospital_id, hospitalId: row.hospital_code, name: row.name, status: row.status } : null;
}
