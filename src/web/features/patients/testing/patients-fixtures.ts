import type { SessionUser } from '../../../lib/session';

/** Patients and staff as the API and the session give them, for component tests. */
export const receptionist: SessionUser = {
  id: 'u-r',
  name: 'Bola Ade',
  email: 'bola@clinic.ng',
  initials: 'BA',
  role: 'receptionist',
  roleId: 3,
  hospital: { id: 'h1', hospitalId: 'HOSP-1', name: 'Lagos Clinic', status: 'active' },
  mustChangePassword: false,
};

export const chioma = {
  id: 'p-1',
  name: 'Chioma Nwosu',
  firstName: 'Chioma',
  lastName: 'Nwosu',
  age: 34,
  gender: 'Female',
  contact: '08031234567',
  status: 'waiting',
  dateRegistered: '2026-11-20T09:00:00.000Z',
  identificationNumber: 'PAT123456789',
  diagnosis: null,
  vitals: null,
};

export const chiomaDetail = {
  ...chioma,
  dateOfBirth: '1992-04-02',
  phoneNumber: '08031234567',
  address: '3 Allen Avenue, Ikeja',
  emergencyContact: { name: null, relationship: null, phoneNumber: '08031234567' },
  prescriptions: [],
  version: 1,
  updatedAt: '2026-11-20T09:00:00.000Z',
};

export const ok = (data: unknown, message?: string) => ({ body: { success: true, message, data } });

export const page = (patients: unknown[], totalPatients = patients.length, limit = 10) =>
  ok({ patients, pagination: { page: 1, limit, totalPages: Math.ceil(totalPatients / limit), totalPatients } });

/** Vitals as a nurse records them: weight in kg, temperature in the unit taken. */
export const vitals = {
  bloodPressure: '120/80',
  pulseRate: 72,
  temperature: 37,
  weight: 70,
  height: 170,
  respiratoryRate: 16,
  oxygenSaturation: 98,
  temperatureUnit: 'C' as const,
  recordedAt: '2026-11-21T10:00:00.000Z',
  recordedBy: { id: 'n-1', name: 'Amaka Eze' },
};

export const doctor: SessionUser = { ...receptionist, id: 'u-d', name: 'Tunde Bello', role: 'doctor', roleId: 1 };
