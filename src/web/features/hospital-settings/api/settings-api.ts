import { ApiError, request } from '../../../lib/api-client';
import { hospitalSettingsSchema, type HospitalSettings } from '../../../lib/hospital-settings';
import { z } from '../../../lib/zod';

export const SETTINGS_SAVED = 'Hospital settings saved successfully!';
const SAVE_FAILED = 'Failed to save hospital settings';

export type SettingsForm = Omit<
  HospitalSettings,
  'hospitalCode' | 'plan' | 'idleTimeoutMinutes' | 'defaultConsultationFee' | 'address' | 'phone'
> & {
  address: string;
  phone: string;
  idleTimeoutMinutes: string;
  defaultConsultationFee: string;
};

const answer = z.object({ message: z.string().optional(), data: z.object({ settings: hospitalSettingsSchema }) });

export function formOf(s: HospitalSettings): SettingsForm {
  return {
    ...s,
    address: s.address ?? '',
    phone: s.phone ?? '',
    idleTimeoutMinutes: String(s.idleTimeoutMinutes),
    defaultConsultationFee: String(s.defaultConsultationFee),
  };
}

/** PUT /api/hospital/settings; a 400's field messages come back keyed by field. */
export async function saveSettings(form: SettingsForm) {
  const { idleTimeoutMinutes, defaultConsultationFee, ...rest } = form;
  const json = {
    ...rest,
    idleTimeoutMinutes: Number(idleTimeoutMinutes),
    defaultConsultationFee: Number(defaultConsultationFee),
  };
  try {
    const a = answer.parse(
      await request<unknown>('/hospital/settings', { method: 'put', json, fallback: SAVE_FAILED }),
    );
    return { settings: a.data.settings, message: a.message ?? SETTINGS_SAVED };
  } catch (e) {
    if (e instanceof ApiError) throw e;
    throw new ApiError(0, SAVE_FAILED);
  }
}

/** A chosen file as a data URL, for the logo. */
export function readAsDataUrl(file: Blob): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.onerror = () => reject(new Error('The file could not be read'));
    reader.readAsDataURL(file);
  });
}
