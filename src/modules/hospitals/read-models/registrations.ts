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
 * Finds the registration behind an email. A new registration for an admin email starts only
 * once the earlier unverified one has expired (applicant-mailbox.ts); that one is marked
 * superseded here.
 */
export const registrationsProjection = defineProjection<RegistrationEvent>({
  name: REGISTRATIONS_PROJECTION,
  inline: true,
  handlers: {
    HospitalRegistrationSubmitted: async (trx, event) => {
      const { registrationId, hospitalId, admin } = event.data;
      await trx
        .updateTable('hospital_registrations')
        .set({ status: 'superseded' })
        .where('admin_email', '=', admin.email)
        .where('status', '=', 'pending')
        .where('registration_id', '!=', registrationId)
        .execute();
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
    },
  },
  reset: (trx) => emptyTables(trx, ['hospital_registrations']),
});

/** The registration a verification or resend for `email` is about: the newest not superseded. */
export async function currentRegistrationFor(db: Db, email: string) {
  return db
    .selectFrom('hospital_registrations')
    .selectAll()
    .where('admin_email', '=', email)
    .where('status', '!=', 'superseded')
    .orderBy('submitted_at', 'desc')
    .limit(1)
    .executeTakeFirst();
}
