import type { Database, Db } from '../../../platform/db/database';
import { defineProjection, emptyTables, type Trx } from '../../../platform/projections/projection';
import type { AccountEvent, TenantEvent } from '../events';
import { TEMPORARY_PASSWORD_HOURS } from '../temporary-password';

declare module '../../../platform/db/database' {
  interface Database {
    identity_accounts: {
      user_id: string;
      hospital_id: string;
      kind: 'admin' | 'staff';
      email: string;
      /** Null until a staff member's temporary password is issued. */
      password_hash: string | null;
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
      closed: boolean;
      email_verified: boolean;
      must_change_password: boolean;
      /**
       * An admin's first-login password change is still to come (migration 0044): set when the
       * admin account is made, cleared by a password change or by the account's second sign-in.
       * Unlike `must_change_password` it refuses nothing on the server; every device's screen
       * opens on the change form while it is set.
       */
      password_change_due: boolean;
      last_login_at: Date | null;
      previous_login_at: Date | null;
      locked_until: Date | null;
      /**
       * The account stream's revision of its last credential or role change: a temporary password
       * issued (invitation or re-invitation), a password changed, a role changed, a deactivation.
       * Sessions carry the epoch they began in; another one ends them (session-guard.ts).
       */
      credential_epoch: number;
      /** When the current temporary password stops opening sessions; null once changed. */
      temporary_password_expires_at: Date | null;
      invitation_status: 'sent' | 'failed' | null;
      invitation_error: string | null;
      created_at: Date;
    };
    identity_hospitals: { hospital_id: string; hospital_code: string; name: string; status: string };
    identity_pending_credentials: {
      user_id: string;
      email: string;
      registration_id: string;
      password_hash: string;
      staged_at: Date;
    };
  }
}

export const ACCOUNTS_PROJECTION = 'identity-accounts';

async function setAccount(trx: Trx, userId: string, values: Partial<Account>) {
  await trx.updateTable('identity_accounts').set(values).where('user_id', '=', userId).execute();
}

/**
 * Login accounts and identity's copy of each hospital (tenant), from identity's own events only.
 * Inline: applied in the transaction of the command that changed them, so a session, a sign-in
 * or a deactivation is in force the moment its command commits. Every handler writes absolute
 * values, so replaying an event changes nothing.
 */
export const accountsProjection = defineProjection<AccountEvent | TenantEvent>({
  name: ACCOUNTS_PROJECTION,
  inline: true,
  handlers: {
    TenantRegistered: async (trx, { data }) => {
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
    TenantStatusChanged: async (trx, { data }) => {
      await trx
        .updateTable('identity_hospitals')
        .set({ status: data.status })
        .where('hospital_id', '=', data.hospitalId)
        .execute();
    },
    TenantRenamed: async (trx, { data }) => {
      await trx
        .updateTable('identity_hospitals')
        .set({ name: data.name })
        .where('hospital_id', '=', data.hospitalId)
        .execute();
    },
    AccountCredentialsStaged: async (trx, event) => {
      const d = event.data;
      await trx
        .insertInto('identity_pending_credentials')
        .values({
          user_id: d.userId,
          email: d.email,
          registration_id: d.registrationId,
          password_hash: d.passwordHash,
          staged_at: new Date(event.metadata.occurredAt),
        })
        .onConflict((oc) => oc.column('user_id').doNothing())
        .execute();
    },
    AccountProvisioned: async (trx, event) => {
      const d = event.data;
      // An admin signs in with the password chosen at registration.
      const staged = await trx
        .selectFrom('identity_pending_credentials')
        .select('password_hash')
        .where('user_id', '=', d.userId)
        .executeTakeFirst();
      await trx
        .insertInto('identity_accounts')
        .values({
          user_id: d.userId,
          hospital_id: d.hospitalId,
          kind: d.kind,
          email: d.email,
          password_hash: staged?.password_hash ?? null,
          role: d.role,
          first_name: d.firstName,
          last_name: d.lastName,
          full_name: `${d.firstName} ${d.lastName}`.trim(),
          job_title: d.jobTitle,
          employee_id: d.employeeId,
          department: d.department,
          specialization: d.specialization,
          phone: d.phone,
          is_active: true,
          deleted: false,
          closed: false,
          // Admins proved their address at verification; staff addresses were given by their admin.
          email_verified: true,
          must_change_password: d.kind === 'staff',
          password_change_due: d.kind === 'admin',
          last_login_at: null,
          previous_login_at: null,
          locked_until: null,
          credential_epoch: 0,
          temporary_password_expires_at: null,
          invitation_status: null,
          invitation_error: null,
          created_at: new Date(event.metadata.occurredAt),
        })
        .onConflict((oc) => oc.column('user_id').doNothing())
        .execute();
      await trx.deleteFrom('identity_pending_credentials').where('user_id', '=', d.userId).execute();
    },
    TemporaryPasswordIssued: async (trx, { data, revision }) =>
      setAccount(trx, data.userId, {
        password_hash: data.passwordHash,
        must_change_password: true,
        credential_epoch: Number(revision),
        temporary_password_expires_at: new Date(new Date(data.at).getTime() + TEMPORARY_PASSWORD_HOURS * 3_600_000),
      }),
    InvitationSent: async (trx, { data }) =>
      setAccount(trx, data.userId, { invitation_status: 'sent', invitation_error: null }),
    InvitationFailed: async (trx, { data }) =>
      setAccount(trx, data.userId, { invitation_status: 'failed', invitation_error: data.reason }),
    AccountProfileChanged: async (trx, { data: d, revision }) => {
      await trx
        .updateTable('identity_accounts')
        .set((eb) => ({
          first_name: d.firstName,
          last_name: d.lastName,
          full_name: `${d.firstName} ${d.lastName}`.trim(),
          email: d.email,
          role: d.role,
          // A role change is a credential change: sessions of the old role end, and stay ended
          // when the role changes back. Replayed, the role is already the new one: no change.
          credential_epoch: eb
            .case()
            .when('role', '!=', d.role)
            .then(Number(revision))
            .else(eb.ref('credential_epoch'))
            .end(),
        }))
        .where('user_id', '=', d.userId)
        .execute();
    },
    AccountDisabled: async (trx, { data, revision }) =>
      setAccount(trx, data.userId, {
        is_active: false,
        deleted: data.reason === 'deleted',
        credential_epoch: Number(revision),
      }),
    AccountEnabled: async (trx, { data }) => setAccount(trx, data.userId, { is_active: true, deleted: false }),
    AccountClosed: async (trx, { data }) =>
      setAccount(trx, data.userId, { is_active: false, deleted: true, closed: true }),
    LoginSucceeded: async (trx, { data }) => {
      await trx
        .updateTable('identity_accounts')
        .set((eb) => ({
          previous_login_at: eb.ref('last_login_at'),
          last_login_at: new Date(data.at),
          // The account's second sign-in: its first one was the first login (SET reads the old row).
          password_change_due: eb
            .case()
            .when('last_login_at', 'is', null)
            .then(eb.ref('password_change_due'))
            .else(false)
            .end(),
          locked_until: null,
        }))
        .where('user_id', '=', data.userId)
        // Replaying the event must not shift the previous sign-in.
        .where((eb) => eb.or([eb('last_login_at', 'is', null), eb('last_login_at', '<', new Date(data.at))]))
        .execute();
    },
    AccountLocked: async (trx, { data }) => setAccount(trx, data.userId, { locked_until: new Date(data.lockedUntil) }),
    PasswordChanged: async (trx, { data, revision }) =>
      setAccount(trx, data.userId, {
        password_hash: data.passwordHash,
        must_change_password: false,
        password_change_due: false,
        temporary_password_expires_at: null,
        credential_epoch: Number(revision),
      }),
  },
  reset: (trx) => emptyTables(trx, ['identity_accounts', 'identity_hospitals', 'identity_pending_credentials']),
});

export type Account = Database['identity_accounts'];
export type AccountHospital = { id: string; hospitalId: string; name: string; status: string };

/**
 * The account that signs in with `email`: the one holding the address (`holderOf`, from its
 * reservation), so never a staff account another hospital listed the address on without a login
 * of its own (issue 33). No holder, or one with no account yet (an onboarding not yet verified):
 * none, as before (a closed account has freed its address and answers as no account).
 */
export async function findAccountByEmail(
  db: Db,
  email: string,
  holderOf: () => Promise<string | null>,
): Promise<Account | undefined> {
  const rows = await db.selectFrom('identity_accounts').selectAll().where('email', '=', email).limit(50).execute();
  if (rows.length === 0) return undefined;
  const holder = await holderOf();
  return rows.find((r) => r.user_id === holder);
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

/** The newest unverified onboarding admin who chose a password with `email`. */
export async function findPendingCredentials(db: Db, email: string) {
  return db
    .selectFrom('identity_pending_credentials')
    .selectAll()
    .where('email', '=', email)
    .orderBy('staged_at', 'desc')
    .limit(1)
    .executeTakeFirst();
}
