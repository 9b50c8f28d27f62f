import { render, screen } from '@testing-library/react';
import { Route, Routes } from 'react-router-dom';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { signedIn, withSession } from '../../app/testing/session-fixtures';
import { fakeApi } from '../../lib/testing/fake-api';
import type { SessionUser } from '../../lib/session';
import PatientProfilePage from './patient-profile-page';
import { chiomaDetail, ok, receptionist } from './testing/patients-fixtures';

vi.setConfig({ testTimeout: 20_000 });

let api: ReturnType<typeof fakeApi>;
afterEach(() => api.restore());

const complianceOfficer: SessionUser = { ...receptionist, id: 'u-c', role: 'compliance_officer', roleId: 7 };

function renderAs(user: SessionUser) {
  api = fakeApi({ 'GET /patients/p-1': () => ok(chiomaDetail) });
  const tree = (
    <Routes>
      <Route path="/user/patients/:patientId" element={<PatientProfilePage />} />
    </Routes>
  );
  render(withSession(signedIn(user), '/user/patients/p-1', tree).ui);
}

describe('Patient profile', () => {
  it("offers a compliance officer the patient's audited history", async () => {
    renderAs(complianceOfficer);
    expect(await screen.findByRole('heading', { name: 'Chioma Nwosu' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'History' })).toHaveAttribute('href', '/admin/audit/patients/p-1');
    expect(screen.queryByRole('link', { name: 'Edit Data' })).not.toBeInTheDocument();
  });

  it('shows a receptionist Edit Data and Delete but no history', async () => {
    renderAs(receptionist);
    expect(await screen.findByRole('heading', { name: 'Chioma Nwosu' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Edit Data' })).toHaveAttribute('href', '/user/patients/p-1/edit');
    expect(screen.getByRole('button', { name: 'Delete' })).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'History' })).not.toBeInTheDocument();
  });
});
