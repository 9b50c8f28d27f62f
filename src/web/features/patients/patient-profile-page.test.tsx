import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes } from 'react-router-dom';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { signedIn, withSession } from '../../app/testing/session-fixtures';
import { fakeApi } from '../../lib/testing/fake-api';
import type { SessionUser } from '../../lib/session';
import PatientProfilePage from './patient-profile-page';
import { chiomaDetail, deletedAnswer, detail, receptionist } from './testing/patients-fixtures';

vi.setConfig({ testTimeout: 20_000 });

let api: ReturnType<typeof fakeApi>;
afterEach(() => api.restore());

const complianceOfficer: SessionUser = { ...receptionist, id: 'u-c', role: 'compliance_officer', roleId: 7 };

function renderAs(user: SessionUser) {
  api = fakeApi({ 'GET /patients/p-1': () => detail(chiomaDetail) });
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

describe('Patient profile states', () => {
  function renderWith(routes: Record<string, () => unknown>) {
    api = fakeApi(routes as never);
    const tree = (
      <Routes>
        <Route path="/user/patients/:patientId" element={<PatientProfilePage />} />
        <Route path="*" element={null} />
      </Routes>
    );
    render(withSession(signedIn(receptionist), '/user/patients/p-1', tree).ui);
  }

  it("shows 'Patient not found' with 'Back to Patients' for a patient that does not exist", async () => {
    renderWith({
      'GET /patients/p-1': () => ({ status: 404, body: { success: false, message: 'Patient not found' } }),
    });
    expect(screen.getByText('Loading patient...')).toBeInTheDocument();
    expect(await screen.findByText('Patient not found')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to Patients' })).toHaveAttribute('href', '/user/patients');
  });

  it("reads 'Not provided' for a missing emergency contact, with the patient's phone", async () => {
    renderWith({ 'GET /patients/p-1': () => detail(chiomaDetail) });
    const contact = within(await screen.findByRole('region', { name: 'Emergency Contact' }));
    expect(contact.getAllByText('Not provided')).toHaveLength(2);
    expect(contact.getByText('08031234567')).toBeInTheDocument();
  });

  it('asks before deleting, then returns to the list', async () => {
    renderWith({
      'GET /patients/p-1': () => detail(chiomaDetail),
      'DELETE /patients/p-1': () => deletedAnswer(),
    });
    await userEvent.click(await screen.findByRole('button', { name: 'Delete' }));
    const dialog = screen.getByRole('alertdialog', { name: 'Delete Patient' });
    expect(api.calls.some((c) => c.method === 'DELETE')).toBe(false);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('Patient deleted successfully')).toBeInTheDocument();
    // The toast and the navigation are two renders: the toast may come first.
    await waitFor(() => expect(screen.getByTestId('current-path')).toHaveTextContent(/^\/user\/patients$/));
  });
});
