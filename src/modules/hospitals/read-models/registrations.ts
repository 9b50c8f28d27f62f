import { defineProjection, emptyTables } from '../../../platform/projections/projection';
import type { Db } from '../../../platform/db/database';
import type { RegistrationEvent } from '../registration';

declare module '../../../platform/db/database' {
  interface Database {
    hospital_registrations: {
      registration_id: string;
      admin_email: string;
      hospital_id: string;
      status: 'pending' | 'verified' | 'superseded';
      submitted_at: Date;
      verified_at: Date | null;
    };
  }
}

export const REGISTRATIONS_PROJECTION = 'hospitals-registrations';

/**
 * The registrations of each admin email. Several may be pending at once (each browser its own,
 * issue 33); verifying one marks the others superseded (their codes are voided in the same commit).
 */
export const registrationsProjection = defineProjection<RegistrationEvent>({
  name: REGISTRATIONS_PROJECTION,
  inline: true,
  handlers: {
    HospitalRegistrationSubmitted: async (trx, event) => {
      const { registrationId, hospitalId, admin } = event.data;
      await trx
        .insertInto('hospital_registrations')
        .values({
          registration_id: registrationId,
          admin_email: admin.email,
          hospital_id: hospitalId,
          status: 'pending',
          submitted_at: new Date(event.metadata.occurredAt),
          verified_at: null,
        })
        .onConflict((oc) => oc.column('registration_id').doNothing())
        .execute();
    },
    EmailVerified: async (trx, event) => {
      await trx
        .updateTable('hospital_registrations')
        .set({ status: 'verified', verified_at: new Date(event.data.at) })
        .where('registration_id', '=', event.data.registrationId)
        .execute();
      await trx
        .updateTable('hospital_registrations')
        .set({ status: 'superseded' })
        .where('admin_email', '=', event.data.email)
        .where('status', '=', 'pending')
        .execute();
    },
  },
  reset: (trx) => emptyTables(trx, ['hospital_registrations']),
});

/** The ids of the registrations of `email` still pending, but `except`: a verification voids them. */
export async function otherPendingRegistrations(db: Db, email: string, except: string): Promise<string[]> {
  const rows = await db
    .selectFrom('hospital_registrations')
    .select('registration_id')
    .where('admin_email', '=', email)
    .where('status', '=', 'pending')
    .where('registration_id', '!=', except)
    .execute();
  return rows.map((r) => r.registration_id);
}
