import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes } from 'react-router-dom';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { consultationsAnswer, malaria } from '../features/consultations/testing/consultation-fixtures';
import { chiomaDetail, detail, doctor } from '../features/patients/testing/patients-fixtures';
import type { SessionUser } from '../lib/session';
import { fakeApi } from '../lib/testing/fake-api';
import DoctorPatientOverview from './doctor-patient-overview';
import { signedIn, withSession } from './testing/session-fixtures';

vi.setConfig({ testTimeout: 20_000 });

let api: ReturnType<typeof fakeApi>;
afterEach(() => api.restore());

function renderOverview(as: SessionUser) {
  api = fakeApi({
    'GET /patients/p-1': () => detail(chiomaDetail),
    'GET /consultations/patient/p-1': () => consultationsAnswer([malaria]),
  });
  const tree = (
    <Routes>
      <Route path="/doctor/patients/:patientId" element={<DoctorPatientOverview />} />
    </Routes>
  );
  render(withSession(signedIn(as), '/doctor/patients/p-1', tree).ui);
}

describe('The doctor overview composed with the consultation panels', () => {
  it('shows a doctor the patient with the last medical record and the way to the medical records', async () => {
    renderOverview(doctor);
    await screen.findByRole('heading', { level: 1, name: 'Chioma Nwosu' });
    const last = within(screen.getByRole('region', { name: 'Last Medical Record' }));
    expect(await last.findByText('Malaria')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Medical Records' })).toHaveAttribute(
      'href',
      '/doctor/patients/p-1/medical-records',
    );
  });

  it('lets a doctor start a New Consultation from the overview', async () => {
    renderOverview(doctor);
    await screen.findByRole('heading', { level: 1, name: 'Chioma Nwosu' });
    await userEvent.setup({ delay: null }).click(screen.getByRole('button', { name: 'New Consultation' }));
    expect(await screen.findByRole('dialog', { name: 'New Consultation' })).toBeInTheDocument();
  });

  it('shows a nurse the overview without the doctor-only records, and never asks for them', async () => {
    renderOverview({ ...doctor, role: 'nurse', roleId: 2 });
    await screen.findByRole('heading', { level: 1, name: 'Chioma Nwosu' });
    expect(screen.queryByRole('region', { name: 'Last Medical Record' })).not.toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Medical Records' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'New Consultation' })).not.toBeInTheDocument();
    expect(api.calls.some((c) => c.path.startsWith('/consultations'))).toBe(false);
  });
});
