import { defineProjection, emptyTables } from '../../../platform/projections/projection';
import type { Db } from '../../../platform/db/database';
import type { HospitalEvent } from '../events';

declare module '../../../platform/db/database' {
  interface Database {
    hospitals: {
      hospital_id: string;
      hospital_code: string;
      name: string;
      registration_number: string;
      license_number: string;
      hospital_number: string;
      email: string;
      plan: string;
      status: string;
      setup_status: string;
      admin_user_id: string;
      registered_at: Date;
    };
  }
}

export const DIRECTORY_PROJECTION = 'hospitals-directory';

export const directoryProjection = defineProjection<HospitalEvent>({
  name: DIRECTORY_PROJECTION,
  inline: true,
  handlers: {
    HospitalRegistered: async (trx, event) => {
      const d = event.data;
      await trx
        .insertInto('hospitals')
        .values({
          hospital_id: d.hospitalId,
          hospital_code: d.hospitalCode,
          name: d.name,
          registration_number: d.registrationNumber,
          license_number: d.licenseNumber,
          hospital_number: d.hospitalNumber,
          email: d.email,
          plan: d.plan,
          status: d.status,
          setup_status: d.setupStatus,
          admin_user_id: d.adminUserId,
          registered_at: new Date(event.metadata.occurredAt),
        })
        .onConflict((oc) => oc.column('hospital_id').doNothing())
        .execute();
    },
    HospitalSettingsChanged: async (trx, event) => {
      const s = event.data.settings;
      await trx
        .updateTable('hospitals')
        .set({
          name: s.name,
          email: s.email,
          registration_number: s.registrationNumber,
          license_number: s.licenseNumber,
          hospital_number: s.hospitalNumber,
        })
        .where('hospital_id', '=', event.data.hospitalId)
        .execute();
    },
    HospitalStatusChanged: async (trx, event) => {
      await trx
        .updateTable('hospitals')
        .set({ status: event.data.status })
        .where('hospital_id', '=', event.data.hospitalId)
        .execute();
    },
  },
  reset: (trx) => emptyTables(trx, ['hospitals']),
});

export type HospitalSummary = {
  id: string;
  hospitalId: string;
  name: string;
  status: string;
  setupStatus: string;
  plan: string;
};

/** One hospital, as the API shows it (`hospitalId` is the human-facing Hospital ID). */
export async function findHospital(db: Db, hospitalId: string): Promise<HospitalSummary | null> {
  const row = await db.selectFrom('hospitals').selectAll().where('hospital_id', '=', hospitalId).executeTakeFirst();
  if (!row) return null;
  return {
    id: row.hospital_id,
    hospitalId: row.hospital_code,
    name: row.name,
    status: row.status,
    setupStatus: row.setup_status,
    plan: row.plan,
  };
}
