import type { Database, Db } from '../../../platform/db/database';
import type { RecordedEvent } from '../../../platform/event-store/port';
import { defineProjection, emptyTables, type Trx } from '../../../platform/projections/projection';
import type { HospitalEvent } from '../events';
import { SETTINGS_DEFAULTS, type HospitalSettings } from '../settings';

declare module '../../../platform/db/database' {
  interface Database {
    hospital_settings: {
      hospital_id: string;
      address: string | null;
      phone: string | null;
      time_zone: string;
      idle_timeout_minutes: number;
      default_consultation_fee: string | number;
      logo: string | null;
      opens_at: string;
      closes_at: string;
      /** Events in the hospital's stream when this row was written: older events are skipped. */
      version: number;
      updated_at: Date | string;
    };
  }
}

type Row = Omit<Database['hospital_settings'], 'hospital_id' | 'version' | 'updated_at'>;

async function write(trx: Trx, event: RecordedEvent, hospitalId: string, set: Partial<Row>) {
  const version = Number(event.revision) + 1;
  const stamp = { version, updated_at: event.metadata.occurredAt };
  await trx
    .insertInto('hospital_settings')
    .values({
      hospital_id: hospitalId,
      address: SETTINGS_DEFAULTS.address,
      phone: SETTINGS_DEFAULTS.phone,
      time_zone: SETTINGS_DEFAULTS.timeZone,
      idle_timeout_minutes: SETTINGS_DEFAULTS.idleTimeoutMinutes,
      default_consultation_fee: SETTINGS_DEFAULTS.defaultConsultationFee,
      logo: null,
      opens_at: SETTINGS_DEFAULTS.opensAt,
      closes_at: SETTINGS_DEFAULTS.closesAt,
      ...set,
      ...stamp,
    })
    .onConflict((oc) =>
      oc
        .column('hospital_id')
        .doUpdateSet({ ...set, ...stamp })
        .where('hospital_settings.version', '<', version),
    )
    .execute();
}

/** The settings the onboarding does not ask for; inline, so a save is read back at once. */
export const settingsProjection = defineProjection<HospitalEvent>({
  name: 'hospital-settings',
  inline: true,
  handlers: {
    HospitalRegistered: (trx, event) => write(trx, event, event.data.hospitalId, {}),
    HospitalSettingsChanged: (trx, event) => {
      const s = event.data.settings;
      return write(trx, event, event.data.hospitalId, {
        address: s.address,
        phone: s.phone,
        time_zone: s.timeZone,
        idle_timeout_minutes: s.idleTimeoutMinutes,
        default_consultation_fee: s.defaultConsultationFee,
        opens_at: s.opensAt ?? SETTINGS_DEFAULTS.opensAt,
        closes_at: s.closesAt ?? SETTINGS_DEFAULTS.closesAt,
      });
    },
    HospitalLogoChanged: (trx, event) => write(trx, event, event.data.hospitalId, { logo: event.data.logo }),
  },
  reset: (trx) => emptyTables(trx, ['hospital_settings']),
});

export type SettingsView = HospitalSettings & { hospitalCode: string; logo: string | null; plan: string };

/** The hospital's profile and settings; the defaults where nothing was saved. */
export async function findSettings(db: Db, hospitalId: string): Promise<SettingsView | null> {
  const row = await db
    .selectFrom('hospitals as h')
    .leftJoin('hospital_settings as s', 's.hospital_id', 'h.hospital_id')
    .select([
      'h.name',
      'h.email',
      'h.registration_number',
      'h.license_number',
      'h.hospital_number',
      'h.hospital_code',
      'h.plan',
      's.address',
      's.phone',
      's.time_zone',
      's.idle_timeout_minutes',
      's.default_consultation_fee',
      's.logo',
      's.opens_at',
      's.closes_at',
    ])
    .where('h.hospital_id', '=', hospitalId)
    .executeTakeFirst();
  if (!row) return null;
  return {
    name: row.name,
    email: row.email,
    registrationNumber: row.registration_number,
    licenseNumber: row.license_number,
    hospitalNumber: row.hospital_number,
    hospitalCode: row.hospital_code,
    plan: row.plan,
    address: row.address ?? null,
    phone: row.phone ?? null,
    timeZone: row.time_zone ?? SETTINGS_DEFAULTS.timeZone,
    idleTimeoutMinutes: row.idle_timeout_minutes ?? SETTINGS_DEFAULTS.idleTimeoutMinutes,
    defaultConsultationFee: Number(row.default_consultation_fee ?? SETTINGS_DEFAULTS.defaultConsultationFee),
    logo: row.logo ?? null,
    opensAt: row.opens_at ?? SETTINGS_DEFAULTS.opensAt,
    closesAt: row.closes_at ?? SETTINGS_DEFAULTS.closesAt,
  };
}
