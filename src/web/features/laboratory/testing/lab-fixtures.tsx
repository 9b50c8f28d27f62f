import { render } from '@testing-library/react';
import { createStore, Provider } from 'jotai';
import type { ReactNode } from 'react';
import { MemoryRouter } from 'react-router-dom';
import { ToastContainer } from 'react-toastify';
import { labRequestsEndpoint } from '../../../../shared/api/laboratory';
import { sessionAtom } from '../../../lib/session';
import { answer } from '../../../lib/testing/fake-api';
import type { LabRequest } from '../api/lab-requests';
import { setHospitalZone } from '../../../lib/testing/hospital-zone';

/** GET /api/lab/requests: one page of `requests`. */
export const page = (requests: LabRequest[], totalPages = 1) =>
  answer(labRequestsEndpoint, {
    requests,
    pagination: { currentPage: 1, totalPages, totalRecords: requests.length, hasPrev: false, hasNext: totalPages > 1 },
  });

/** A requested test as the server answers it. */
export function labRequest(overrides: Partial<LabRequest> = {}): LabRequest {
  const { completed, ...rest } = overrides;
  const request = {
    id: 'lr-1',
    consultationId: 'c-1',
    patientId: 'p-1',
    patientName: 'Chioma Nwosu',
    testName: 'Full Blood Count',
    testCode: 'FBC',
    urgency: 'Routine',
    instructions: null,
    status: 'pending',
    orderedBy: { id: 'd-1', name: 'Dr. Emeka Obi' },
    orderedAt: '2026-11-20T09:00:00.000Z',
    startedAt: null,
    startedBy: null,
    completedAt: null,
    results: null,
    notes: null,
    conductedBy: null,
    ...rest,
  } satisfies Omit<LabRequest, 'completed'>;
  return { ...request, completed: completed ?? request.status === 'completed' };
}

/** Renders a lab screen signed in as a lab technician named Bisi Ade of Lagos Clinic. */
/** `timeZone`: the hospital's, as the shell's settings give it (left out: not loaded yet). */
export function renderAsLab(ui: ReactNode, { timeZone }: { timeZone?: string } = {}) {
  const store = createStore();
  if (timeZone) setHospitalZone(store, 'u-lab', timeZone);
  store.set(sessionAtom, {
    status: 'signed-in',
    kind: 'user',
    token: 't',
    user: {
      id: 'u-lab',
      name: 'Bisi Ade',
      email: 'bisi@clinic.ng',
      initials: 'BA',
      role: 'lab_technician',
      roleId: 4,
      hospital: { id: 'h1', hospitalId: 'HOSP-1', name: 'Lagos Clinic', status: 'active' },
      mustChangePassword: false,
    },
  });
  return render(
    <Provider store={store}>
      <MemoryRouter>
        {ui}
        <ToastContainer />
      </MemoryRouter>
    </Provider>,
  );
}
