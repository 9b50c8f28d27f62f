import type { createStore } from 'jotai';
import { hospitalSettingsAtom, type HospitalSettings } from '../hospital-settings';

/** The settings the shell loads for `userId`, with the hospital's `timeZone`: what every screen shows times in. */
export function setHospitalZone(store: ReturnType<typeof createStore>, userId: string, timeZone: string): void {
  const settings: HospitalSettings = {
    name: 'Test Clinic',
    email: 'admin@clinic.ng',
    registrationNumber: 'RGN/LAG/2024/0001847',
    licenseNumber: 'HEFAMAA/LAG/2024/CLI/001234',
    hospitalNumber: 'DVC/2024/001234',
    hospitalCode: 'HOSP-1',
    address: null,
    phone: null,
    timeZone,
    idleTimeoutMinutes: 10,
    defaultConsultationFee: 5000,
    logo: null,
    plan: 'clinic',
    opensAt: '08:00',
    closesAt: '18:00',
  };
  store.set(hospitalSettingsAtom, { userId, settings });
}
