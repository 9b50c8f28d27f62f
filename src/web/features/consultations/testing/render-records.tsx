import { render } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes } from 'react-router-dom';
import { signedIn, withSession } from '../../../app/testing/session-fixtures';
import type { SessionUser } from '../../../lib/session';
import { fakeApi, type FakeHandler } from '../../../lib/testing/fake-api';
import MedicalRecordsPage from '../medical-records-page';

export const doctor: SessionUser = {
  id: 'u-d',
  name: 'Tunde Bello',
  email: 'tunde@clinic.ng',
  initials: 'TB',
  role: 'doctor',
  roleId: 1,
  hospital: { id: 'h1', hospitalId: 'HOSP-1', name: 'Lagos Clinic', status: 'active' },
  mustChangePassword: false,
};

/** The medical records page of patient p-1 against a fake API, with a user to drive it. */
export function renderRecords(routes: Record<string, FakeHandler>) {
  const api = fakeApi(routes);
  const user = userEvent.setup({ delay: null });
  const tree = (
    <Routes>
      <Route path="/doctor/patients/:patientId/medical-records" element={<MedicalRecordsPage />} />
      <Route path="*" element={null} />
    </Routes>
  );
  render(withSession(signedIn(doctor), '/doctor/patients/p-1/medical-records', tree).ui);
  return { api, user };
}
