import type { HospitalDetails } from '../validation';

/**
 * Step 1's "save": the hospital details are kept in this tab's session storage until the
 * email is verified, so a reload or a Back press does not lose them. Passwords are never stored.
 */
const KEY = 'hms.onboarding.hospitalDraft';

export const EMPTY_HOSPITAL: HospitalDetails = {
  name: '',
  email: '',
  licenseNumber: '',
  registrationNumber: '',
  hospitalNumber: '',
};

export function loadHospitalDraft(): HospitalDetails {
  try {
    const saved = JSON.parse(sessionStorage.getItem(KEY) ?? 'null') as Partial<HospitalDetails> | null;
    if (!saved || typeof saved !== 'object') return EMPTY_HOSPITAL;
    const pick = (k: keyof HospitalDetails) => (typeof saved[k] === 'string' ? saved[k] : '');
    return {
      name: pick('name'),
      email: pick('email'),
      licenseNumber: pick('licenseNumber'),
      registrationNumber: pick('registrationNumber'),
      hospitalNumber: pick('hospitalNumber'),
    };
  } catch {
    return EMPTY_HOSPITAL;
  }
}

export function saveHospitalDraft(details: HospitalDetails): void {
  try {
    sessionStorage.setItem(KEY, JSON.stringify(details));
  } catch {
    // Storage blocked: the details still live in the page's state.
  }
}

export function clearHospitalDraft(): void {
  try {
    sessionStorage.removeItem(KEY);
  } catch {
    // Nothing stored.
  }
}
