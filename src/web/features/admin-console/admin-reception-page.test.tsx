import { render, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ADMIN_USER, signedIn, withSession } from '../../app/testing/session-fixtures';
import { patientStatsEndpoint } from '../../../shared/api/patients';
import { answer, fakeApi } from '../../lib/testing/fake-api';
import { statusCounts } from '../../lib/testing/patient-counts';
import AdminReceptionPage from './admin-reception-page';
import { femi, kemi, patientsPage } from './testing/admin-fixtures';

vi.setConfig({ testTimeout: 20_000 });

let api: ReturnType<typeof fakeApi>;
const stats = answer(patientStatsEndpoint, {
  totalPatients: 57,
  registeredToday: 1,
  byStatus: statusCounts({ waiting: 2 }),
  seenCount: 0,
});
const early = { ...kemi, id: 'p-3', name: 'Ada Eze', dateRegistered: '2026-11-20T07:15:00.000Z' };
const renderPage = () => render(withSession(signedIn(ADMIN_USER), '/admin/reception', <AdminReceptionPage />).ui);

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(new Date('2026-11-20T09:00:00.000Z'));
});
afterEach(() => {
  api.restore();
  vi.useRealTimers();
});

describe('/admin/reception', () => {
  it("lists today's registrations and the waiting queue, longest wait first, with the wait", async () => {
    api = fakeApi({
      'GET /patients/stats': () => stats,
      // Newest first, as the server answers.
      'GET /patients': (call) =>
        call.query.get('status') === 'waiting' ? patientsPage([kemi, early], 2) : patientsPage([kemi, femi], 57),
    });
    renderPage();
    const queue = screen.getByRole('table', { name: 'Waiting queue' });
    await within(queue).findByText('Ada Eze');
    const rows = within(queue).getAllByRole('row');
    expect(rows.slice(1).map((r) => within(r).getAllByRole('cell')[0]!.textContent)).toEqual([
      expect.stringContaining('Ada Eze'),
      expect.stringContaining('Kemi Adeyemi'),
    ]);
    expect(within(rows[1]!).getByText('1 h 45 min')).toBeInTheDocument();
    expect(within(rows[2]!).getByText('1 h 00 min')).toBeInTheDocument();

    const today = screen.getByRole('table', { name: "Today's registrations" });
    expect(await within(today).findByText('Kemi Adeyemi')).toBeInTheDocument();
    // Registered yesterday: not today's.
    expect(within(today).queryByText('Femi Okoro')).not.toBeInTheDocument();
    expect(within(today).getByText('Bola Ade')).toBeInTheDocument();
    expect(await screen.findByRole('group', { name: 'Total patients' })).toHaveTextContent('57');
    expect(screen.getByRole('group', { name: 'Waiting now' })).toHaveTextContent('2');
    expect(screen.getByRole('group', { name: 'Registered today' })).toHaveTextContent('1');
  });

  it('says so when nobody is waiting and nobody registered today', async () => {
    api = fakeApi({ 'GET /patients/stats': () => stats, 'GET /patients': () => patientsPage([]) });
    renderPage();
    expect(await screen.findByText('Nobody is waiting')).toBeInTheDocument();
    expect(screen.getByText('No patients registered today')).toBeInTheDocument();
  });

  it('shows loading, then the failure of each list', async () => {
    api = fakeApi({
      'GET /patients/stats': () => ({ status: 503 }),
      'GET /patients': () => ({ status: 500, body: { success: false, message: 'Database unavailable' } }),
    });
    renderPage();
    expect(screen.getByText('Loading the queue...')).toBeInTheDocument();
    expect(await screen.findAllByText('Database unavailable')).toHaveLength(2);
    expect(screen.getByRole('group', { name: 'Registered today' })).toHaveTextContent('—');
  });
});
