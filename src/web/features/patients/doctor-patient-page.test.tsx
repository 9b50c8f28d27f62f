import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { signedIn, withSession } from '../../app/testing/session-fixtures';
import type { SessionUser } from '../../lib/session';
import { changePatientStatusEndpoint } from '../../../shared/api/patients';
import { answer, fakeApi, type FakeHandler } from '../../lib/testing/fake-api';
import DoctorPatientPage from './doctor-patient-page';
import { chiomaDetail, detail, doctor, receptionist, vitals } from './testing/patients-fixtures';

vi.setConfig({ testTimeout: 20_000 });

let api: ReturnType<typeof fakeApi>;
let user: ReturnType<typeof userEvent.setup>;
const region = (name: string) => within(screen.getByRole('region', { name }));

function renderOverview(routes: Record<string, FakeHandler>, as: SessionUser = doctor) {
  api = fakeApi(routes);
  const tree = (
    <Routes>
      <Route path="/doctor/patients/:patientId" element={<DoctorPatientPage />} />
      <Route path="*" element={null} />
    </Routes>
  );
  render(withSession(signedIn(as), '/doctor/patients/p-1', tree).ui);
}

beforeEach(() => {
  user = userEvent.setup({ delay: null });
});
afterEach(() => api.restore());

describe('Doctor patient overview', () => {
  it('shows loading, then the details, the emergency contact and the last vitals in BPM, LB and °F', async () => {
    renderOverview({ 'GET /patients/p-1': () => detail({ ...chiomaDetail, vitals }) });
    expect(screen.getByText('Loading patient...')).toBeInTheDocument();
    expect(await screen.findByRole('heading', { level: 1, name: 'Chioma Nwosu' })).toBeInTheDocument();
    expect(region('Patient Details').getByText('PAT123456789')).toBeInTheDocument();
    expect(region('Emergency Contact').getAllByText('Not provided')).toHaveLength(2);
    const last = region('Last Vitals');
    expect(last.getByText('120/80 mmHg')).toBeInTheDocument();
    expect(last.getByText('72 BPM')).toBeInTheDocument();
    expect(last.getByText('154.3 LB (70 kg)')).toBeInTheDocument();
    expect(last.getByText('98.6 °F (37 °C)')).toBeInTheDocument();
  });

  it('says no vitals were recorded yet', async () => {
    renderOverview({ 'GET /patients/p-1': () => detail(chiomaDetail) });
    expect(await screen.findByText('No vitals recorded yet.')).toBeInTheDocument();
  });

  it('moves the patient to consultation, pinned to the version shown, and shows the new status', async () => {
    renderOverview({
      'GET /patients/p-1': () => detail(chiomaDetail),
      'PATCH /patients/p-1/status': (call) =>
        answer(
          changePatientStatusEndpoint,
          {
            patient: {
              ...chiomaDetail,
              status: (call.body as { status: typeof chiomaDetail.status }).status,
              version: 2,
            },
          },
          'Patient status updated successfully!',
        ),
    });
    await screen.findByRole('heading', { level: 1, name: 'Chioma Nwosu' });
    const status = within(screen.getByRole('region', { name: /^Status/ }));
    expect(status.getByRole('button', { name: 'Update Status' })).toBeDisabled();
    await user.click(status.getByRole('button', { name: /Change status/ }));
    await user.click(await screen.findByRole('option', { name: 'In Consultation' }));
    await user.click(status.getByRole('button', { name: 'Update Status' }));
    expect(await screen.findByText('Patient status updated successfully!')).toBeInTheDocument();
    expect(api.calls.find((c) => c.method === 'PATCH')!.body).toEqual({ status: 'consultation', version: 1 });
    await waitFor(() => expect(region('Patient Details').getByText('In Consultation')).toBeInTheDocument());
  });

  it("shows the server's refusal of a status change", async () => {
    renderOverview({
      'GET /patients/p-1': () => detail(chiomaDetail),
      'PATCH /patients/p-1/status': () => ({
        status: 409,
        body: { success: false, code: 'STALE_VERSION', message: 'This patient was changed by someone else.' },
      }),
    });
    await screen.findByRole('heading', { level: 1, name: 'Chioma Nwosu' });
    await user.click(
      within(screen.getByRole('region', { name: /^Status/ })).getByRole('button', { name: /Change status/ }),
    );
    await user.click(await screen.findByRole('option', { name: 'Seen' }));
    await user.click(
      within(screen.getByRole('region', { name: /^Status/ })).getByRole('button', { name: 'Update Status' }),
    );
    expect(await screen.findByText('This patient was changed by someone else.')).toBeInTheDocument();
  });

  it('sends the doctor back to the list when the patient does not exist (spec-2 §8)', async () => {
    renderOverview({
      'GET /patients/p-1': () => ({ status: 404, body: { success: false, message: 'Patient not found' } }),
    });
    await waitFor(() => expect(screen.getByTestId('current-path')).toHaveTextContent(/^\/doctor\/patients$/));
    expect(await screen.findByText('Patient not found')).toBeInTheDocument();
  });

  it('stays, with a retry, when the server fails for another reason', async () => {
    renderOverview({ 'GET /patients/p-1': () => ({ status: 500 }) });
    expect(await screen.findByText('Failed to fetch patient details')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Try again' })).toBeInTheDocument();
    expect(screen.getByTestId('current-path')).toHaveTextContent(/^\/doctor\/patients\/p-1$/);
  });

  it('offers a receptionist no status change', async () => {
    renderOverview({ 'GET /patients/p-1': () => detail(chiomaDetail) }, receptionist);
    await screen.findByRole('heading', { level: 1, name: 'Chioma Nwosu' });
    expect(screen.queryByRole('button', { name: 'Update Status' })).not.toBeInTheDocument();
  });
});
