import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createStore, Provider } from 'jotai';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { patientsSeenEndpoint } from '../../../shared/api/consultations';
import { labStatsEndpoint } from '../../../shared/api/laboratory';
import { deletePatientEndpoint, patientStatsEndpoint } from '../../../shared/api/patients';
import { answer, fakeApi, routeOf, type FakeHandler } from '../../lib/testing/fake-api';
import { statusCounts } from '../../lib/testing/patient-counts';
import { listedPatient, patientsPageAnswer } from '../../lib/testing/patients';
import { sessionAtom, type SessionUser } from '../../lib/session';
import UserDashboardPage from './user-dashboard-page';

vi.setConfig({ testTimeout: 20_000 });

const staff = (role: string, roleId: number): SessionUser => ({
  id: `u-${role}`,
  name: 'Bola Ade',
  email: 'bola@clinic.ng',
  initials: 'BA',
  role,
  roleId,
  hospital: { id: 'h1', hospitalId: 'HOSP-1', name: 'Lagos Clinic', status: 'active' },
  mustChangePassword: false,
});

const chioma = listedPatient({ identificationNumber: 'NIN-001' });
const routes = (overrides: Record<string, FakeHandler> = {}): Record<string, FakeHandler> => ({
  [routeOf(patientStatsEndpoint)]: () =>
    answer(patientStatsEndpoint, {
      totalPatients: 12,
      registeredToday: 3,
      byStatus: statusCounts({ waiting: 1, seen: 7 }),
      seenCount: 7,
    }),
  'GET /patients': () => patientsPageAnswer([chioma], { limit: 8 }),
  [routeOf(labStatsEndpoint)]: () =>
    answer(labStatsEndpoint, { pending: 2, inProgress: 1, completedToday: 4, recentActivity: [] }),
  [routeOf(patientsSeenEndpoint)]: () => answer(patientsSeenEndpoint, { patientsSeen: 5 }),
  ...overrides,
});

function Where() {
  return <p data-testid="where">{useLocation().pathname}</p>;
}

let api: ReturnType<typeof fakeApi>;
function renderAs(user: SessionUser) {
  const store = createStore();
  store.set(sessionAtom, { status: 'signed-in', kind: 'user', token: 't', user });
  return render(
    <Provider store={store}>
      <MemoryRouter initialEntries={['/user/dashboard']}>
        <Routes>
          <Route path="/user/dashboard" element={<UserDashboardPage />} />
          <Route path="*" element={<Where />} />
        </Routes>
      </MemoryRouter>
    </Provider>,
  );
}
const metric = (label: string) => within(screen.getByRole('group', { name: label })).getByTestId('metric-value');

beforeEach(() => localStorage.setItem('hms.userToken', 't'));
afterEach(() => {
  api.restore();
  localStorage.clear();
});

describe('Staff dashboards', () => {
  it('shows the receptionist real registration totals and the latest patients', async () => {
    api = fakeApi(routes());
    renderAs(staff('receptionist', 3));
    expect(screen.getByRole('heading', { name: 'Receptionist Dashboard' })).toBeInTheDocument();
    await waitFor(() => expect(metric('Total Registered Patient')).toHaveTextContent('12'));
    expect(metric('Patients Registered Today')).toHaveTextContent('3');
    const table = screen.getByRole('table', { name: 'Recent patients registered' });
    expect(await within(table).findByText('Chioma Nwosu')).toBeInTheDocument();
    expect(within(table).getByText('20 Nov 2026')).toBeInTheDocument();
    const list = api.calls.find((c) => c.path === '/patients')!;
    expect(list.query.get('limit')).toBe('9');
    expect(list.query.get('status')).toBeNull();
    expect(screen.getByRole('link', { name: 'Register Patient' })).toHaveAttribute('href', '/user/patients/register');
    expect(screen.getByRole('link', { name: 'View All Patients' })).toHaveAttribute('href', '/user/patients');
  });

  it('asks before deleting a recent patient, then deletes it and reloads the totals and the table', async () => {
    let deleted = false;
    api = fakeApi(
      routes({
        [routeOf(patientStatsEndpoint)]: () =>
          answer(patientStatsEndpoint, {
            totalPatients: deleted ? 11 : 12,
            registeredToday: 3,
            byStatus: statusCounts({ waiting: 1 }),
            seenCount: 0,
          }),
        'GET /patients': () => patientsPageAnswer(deleted ? [] : [chioma], { limit: 9 }),
        'DELETE /patients/p-1': () => {
          deleted = true;
          return answer(deletePatientEndpoint, undefined, 'Patient deleted successfully!');
        },
      }),
    );
    renderAs(staff('receptionist', 3));
    await userEvent.click(await screen.findByRole('button', { name: 'Delete Chioma Nwosu' }));
    const dialog = screen.getByRole('alertdialog', { name: 'Delete Patient' });
    expect(within(dialog).getByText(/^Are you sure you want to delete this patient\?/)).toBeInTheDocument();
    expect(api.calls.some((c) => c.method === 'DELETE')).toBe(false);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('No patients registered yet')).toBeInTheDocument();
    await waitFor(() => expect(metric('Total Registered Patient')).toHaveTextContent('11'));
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
  });

  it("counts the doctor's own patients: those they recorded a consultation for, and says so", async () => {
    api = fakeApi(
      routes({
        [routeOf(patientStatsEndpoint)]: () =>
          answer(patientStatsEndpoint, {
            totalPatients: 30,
            registeredToday: 0,
            byStatus: statusCounts({ seen: 0, discharged: 12 }),
            seenCount: 0,
          }),
        [routeOf(patientsSeenEndpoint)]: () => answer(patientsSeenEndpoint, { patientsSeen: 4 }),
      }),
    );
    renderAs(staff('doctor', 1));
    await waitFor(() => expect(metric('Total Patients Seen')).toHaveTextContent('4'));
    const card = within(screen.getByRole('group', { name: 'Total Patients Seen' }));
    expect(card.getByText('Different patients you have recorded a consultation for')).toBeInTheDocument();
  });

  it('counts every patient seen for a nurse, not only those still marked seen', async () => {
    api = fakeApi(
      routes({
        [routeOf(patientStatsEndpoint)]: () =>
          answer(patientStatsEndpoint, {
            totalPatients: 30,
            registeredToday: 0,
            byStatus: statusCounts({ seen: 7, discharged: 12 }),
            seenCount: 19,
          }),
      }),
    );
    renderAs(staff('nurse', 2));
    await waitFor(() => expect(metric('Total Patients Seen')).toHaveTextContent('19'));
    expect(api.calls.some((c) => c.path === '/consultations/stats/mine')).toBe(false);
  });

  it('shows the doctor the waiting patients, eight a page, and opens a patient from the row', async () => {
    api = fakeApi(routes());
    renderAs(staff('doctor', 1));
    expect(screen.getByRole('heading', { name: 'Doctor Dashboard' })).toBeInTheDocument();
    await waitFor(() => expect(metric('Total Patients Seen')).toHaveTextContent('5'));
    // The lab requests still without results: pending and in progress.
    await waitFor(() => expect(metric('Pending Lab Result')).toHaveTextContent('3'));
    expect(screen.getByText('Disconnected')).toBeInTheDocument();
    const list = api.calls.find((c) => c.path === '/patients')!;
    expect(list.query.get('status')).toBe('waiting');
    expect(list.query.get('limit')).toBe('8');
    await userEvent.click(await screen.findByText('Chioma Nwosu'));
    expect(screen.getByTestId('where')).toHaveTextContent('/doctor/patients/p-1');
  });

  it('says so when nobody is waiting', async () => {
    api = fakeApi(routes({ 'GET /patients': () => patientsPageAnswer([]) }));
    renderAs(staff('nurse', 2));
    expect(screen.getByRole('heading', { name: 'Nurse Dashboard' })).toBeInTheDocument();
    expect(await screen.findByText('No patients waiting')).toBeInTheDocument();
    // The lab API does not serve nurses: the figure says so instead of asking.
    expect(metric('Pending Lab Result')).toHaveTextContent('—');
    expect(screen.getByText('Lab results are shown to doctors')).toBeInTheDocument();
    expect(api.calls.some((c) => c.path === '/lab/stats')).toBe(false);
  });

  it("shows the server's message when the waiting list cannot be loaded", async () => {
    api = fakeApi(routes({ 'GET /patients': () => ({ status: 500 }) }));
    renderAs(staff('doctor', 1));
    expect(await screen.findByText('Failed to fetch patients')).toBeInTheDocument();
  });

  it('gives an unknown role the doctor view', async () => {
    api = fakeApi(routes());
    renderAs(staff('porter', 9));
    expect(screen.getByRole('heading', { name: 'Doctor Dashboard' })).toBeInTheDocument();
    await screen.findByText('Chioma Nwosu');
  });
});
