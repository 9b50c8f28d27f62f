import { ApiError } from '../../../lib/api-client';
import { callEndpoint } from '../../../lib/endpoint-client';
import type { HospitalSettings } from '../../../lib/hospital-settings';
import { saveHospitalSettingsEndpoint } from '../../../../shared/api/hospitals';

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
    const a = await callEndpoint(saveHospitalSettingsEndpoint, { json, fallback: SAVE_FAILED });
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
