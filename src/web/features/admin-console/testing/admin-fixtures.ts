/** Answers of the API as the admin console reads them, for component tests. */
export const kemi = {
  id: 'p-1',
  name: 'Kemi Adeyemi',
  identificationNumber: 'PAT100000001',
  contact: '08031234567',
  status: 'waiting',
  dateRegistered: '2026-11-20T08:00:00.000Z',
  registeredBy: { id: 'u-r', name: 'Bola Ade' },
};

export const femi = {
  ...kemi,
  id: 'p-2',
  name: 'Femi Okoro',
  identificationNumber: 'PAT100000002',
  status: 'seen',
  dateRegistered: '2026-11-19T15:00:00.000Z',
  registeredBy: null,
};

export function patientsPage(patients: object[], total = patients.length, totalPages = 1) {
  return {
    body: {
      success: true,
      data: { patients, pagination: { page: 1, limit: 10, totalPages, totalPatients: total } },
    },
  };
}
