import { patientsEndpoint } from '../../../../shared/api/patients';
import { answer } from '../../../lib/testing/fake-api';
import { listedPatient, type ListedPatient } from '../../../lib/testing/patients';

/** Answers of the API as the admin console reads them (typed by the shared contracts), for component tests. */
export const kemi = listedPatient({
  id: 'p-1',
  name: 'Kemi Adeyemi',
  firstName: 'Kemi',
  lastName: 'Adeyemi',
  identificationNumber: 'PAT100000001',
  contact: '08031234567',
  status: 'waiting',
  dateRegistered: '2026-11-20T08:00:00.000Z',
  registeredBy: { id: 'u-r', name: 'Bola Ade' },
});

export const femi: ListedPatient = {
  ...kemi,
  id: 'p-2',
  name: 'Femi Okoro',
  firstName: 'Femi',
  lastName: 'Okoro',
  identificationNumber: 'PAT100000002',
  status: 'seen',
  dateRegistered: '2026-11-19T15:00:00.000Z',
  registeredBy: null,
};

export function patientsPage(patients: ListedPatient[], total = patients.length, totalPages = 1) {
  return answer(patientsEndpoint, { patients, pagination: { page: 1, limit: 10, totalPages, totalPatients: total } });
}
