import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { signedIn, withSession } from '../../app/testing/session-fixtures';
import { patientStatsEndpoint } from '../../../shared/api/patients';
import { answer, deferred, fakeApi, routeOf, type FakeHandler } from '../../lib/testing/fake-api';
import { statusCounts } from '../../lib/testing/patient-counts';
import DoctorPatientsPage from './doctor-patients-page';
import { chioma, doctor, page } from './testing/patients-fixtures';

vi.setConfig({ testTimeout: 20_000 });

let api: ReturnType<typeof fakeApi>;
let user: ReturnType<typeof userEvent.setup>;
const emeka = { ...chioma, id: 'p-2', name: 'Emeka Obi', status: 'seen', identificationNumber: 'NIN-0042' };
const listCalls = () => api.calls.filter((c) => c.method === 'GET' && c.path === '/patients');
const stats = () =>
  answer(patientStatsEndpoint, {
    totalPatients: 30,
    byStatus: statusCounts({ waiting: 23, seen: 5 }),
    registeredToday: 0,
    seenCount: 9,
  });
const routes = (overrides: Record<string, FakeHandler> = {}): Record<string, FakeHandler> => ({
  [routeOf(patientStatsEndpoint)]: stats,
  'GET /patients': (call) => (call.query.get('status') === 'seen' ? page([emeka], 5) : page([chioma], 23)),
  ...overrides,
});

function renderList(r: Record<string, FakeHandler> = routes()) {
  api = fakeApi(r);
  render(withSession(signedIn(doctor), '/doctor/patients', <DoctorPatientsPage />).ui);
}

beforeEach(() => {
  user = userEvent.setup({ delay: null });
});
afterEach(() => api.restore());

describe('Doctor patient list', () => {
  it('opens on Waiting Patients with both counts, status badges and the footer', async () => {
    const reply = deferred<ReturnType<typeof page>>();
    renderList(routes({ 'GET /patients': () => reply.promise }));
    expect(screen.getByText('Loading patients...')).toBeInTheDocument();
    reply.resolve(page([chioma], 23));
    const table = screen.getByRole('table', { name: 'Waiting patients' });
    const row = (await within(table).findByText('Chioma Nwosu')).closest('tr')!;
    expect(within(row).getByText('Waiting')).toBeInTheDocument();
    expect(screen.getByRole('tab', { name: /Waiting Patients/ })).toHaveAttribute('aria-selected', 'true');
    await waitFor(() => expect(screen.getByRole('tab', { name: /Waiting Patients/ })).toHaveTextContent('(23)'));
    expect(screen.getByRole('tab', { name: /Patient Seen/ })).toHaveTextContent('(5)');
    expect(screen.getByText('Showing 1 of 23 waiting patients')).toBeInTheDocument();
    expect(listCalls()[0]!.query.get('status')).toBe('waiting');
    expect(listCalls()[0]!.query.get('limit')).toBe('10');
  });

  it('switches to Patient Seen by keyboard', async () => {
    renderList();
    await screen.findByText('Chioma Nwosu');
    await user.click(screen.getByRole('tab', { name: /Waiting Patients/ }));
    await user.keyboard('{ArrowLeft}');
    expect(screen.getByRole('tab', { name: /Patient Seen/ })).toHaveAttribute('aria-selected', 'true');
    const table = await screen.findByRole('table', { name: 'Patients seen' });
    expect(await within(table).findByText('Emeka Obi', {}, { timeout: 3000 })).toBeInTheDocument();
    expect(within(table).getByText('Seen')).toBeInTheDocument();
    expect(screen.getByText('Showing 1 of 5 seen patients')).toBeInTheDocument();
  });

  it('searches by name or ID once the typing stops, within the tab', async () => {
    renderList(routes({ 'GET /patients': (call) => (call.query.get('search') ? page([]) : page([chioma], 23)) }));
    await screen.findByText('Chioma Nwosu');
    await user.type(screen.getByRole('searchbox', { name: 'Search patients' }), 'zz');
    expect(
      await screen.findByText('No patients found matching your search', {}, { timeout: 3000 }),
    ).toBeInTheDocument();
    const searches = listCalls().filter((c) => c.query.get('search'));
    expect(searches.map((c) => [c.query.get('search'), c.query.get('status')])).toEqual([['zz', 'waiting']]);
  });

  it('opens the overview from a row', async () => {
    renderList();
    await user.click(await screen.findByText('08031234567'));
    expect(screen.getByTestId('current-path')).toHaveTextContent(/^\/doctor\/patients\/p-1$/);
  });

  it("says 'No patients waiting' when nobody waits", async () => {
    renderList(routes({ 'GET /patients': () => page([]) }));
    expect(await screen.findByText('No patients waiting')).toBeInTheDocument();
  });

  it("shows the server's message with a retry when the list fails", async () => {
    renderList(
      routes({ 'GET /patients': () => ({ status: 503, body: { success: false, message: 'Service unavailable' } }) }),
    );
    expect(await screen.findByText('Service unavailable')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Try again' })).toBeInTheDocument();
  });
});
