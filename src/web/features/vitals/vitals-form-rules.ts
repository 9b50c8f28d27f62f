import { recordVitalsBody } from '../../../shared/vitals-rules';

/** The nurse's form: every vital the server takes, as typed. */
export const VITALS_FIELDS = [
  'bloodPressure',
  'pulseRate',
  'temperature',
  'temperatureUnit',
  'weight',
  'height',
  'respiratoryRate',
  'oxygenSaturation',
] as const;
export type VitalsField = (typeof VITALS_FIELDS)[number];
export type VitalsValues = Record<VitalsField, string>;
export type VitalSignsInput = ReturnType<typeof recordVitalsBody.parse>;

export const EMPTY_VITALS: VitalsValues = {
  bloodPressure: '',
  pulseRate: '',
  temperature: '',
  temperatureUnit: 'C',
  weight: '',
  height: '',
  respiratoryRate: '',
  oxygenSaturation: '',
};

export type CheckedVitals =
  | { ok: true; vitals: VitalSignsInput }
  | { ok: false; byField: Partial<Record<VitalsField, string>>; form: string | null };

/**
 * The form checked by the very rules the server applies (src/shared/vitals-rules.ts), so a nurse
 * reads the same message before sending as the server would answer: a message per field, and
 * 'Please record at least one vital sign' for the form as a whole.
 */
export function checkVitals(values: VitalsValues): CheckedVitals {
  const parsed = recordVitalsBody.safeParse(values);
  if (parsed.success) return { ok: true, vitals: parsed.data };
  const byField: Partial<Record<VitalsField, string>> = {};
  let form: string | null = null;
  for (const issue of parsed.error.issues) {
    const field = VITALS_FIELDS.find((f) => f === issue.path[0]);
    if (field) byField[field] ??= issue.message;
    else form ??= issue.message;
  }
  return { ok: false, byField, form };
}
