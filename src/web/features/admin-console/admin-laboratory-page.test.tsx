import { render, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ADMIN_USER, signedIn, withSession } from '../../app/testing/session-fixtures';
import type { DataOf } from '../../../shared/api/endpoint';
import { labRequestsEndpoint, labStatsEndpoint, labTurnaroundEndpoint } from '../../../shared/api/laboratory';
import { answer, fakeApi, routeOf, type RecordedCall } from '../../lib/testing/fake-api';
import AdminLaboratoryPage, { minutesText } from './admin-laboratory-page';

vi.setConfig({ testTimeout: 20_000 });

let api: ReturnType<typeof fakeApi>;
type LabRequest = DataOf<typeof labRequestsEndpoint>['requests'][number];
const lab = (
  id: string,
  testName: string,
  urgency: LabRequest['urgency'],
  status: LabRequest['status'],
  orderedAt: string,
  completedAt = null as string | null,
): LabRequest => ({
  id,
  consultationId: `c-${id}`,
  patientId: `p-${id}`,
  patientName: `Patient ${id}`,
  testName,
  testCode: testName.slice(0, 3).toUpperCase(),
  urgency,
  instructions: null,
  status,
  completed: status === 'completed',
  orderedBy: { id: 'd-1', name: 'Dr Musa' },
  orderedAt,
  startedAt: null,
  startedBy: null,
  completedAt,
  results: null,
  notes: null,
  conductedBy: null,
});
const pageOf = (requests: LabRequest[]) => ({
  requests,
  pagination: { currentPage: 1, totalPages: 1, totalRecords: requests.length, hasPrev: false, hasNext: false },
});
const routine = lab('r1', 'Urine Analysis', 'Routine', 'pending', '2026-11-20T07:00:00Z');
const stat = lab('s1', 'ECG', 'STAT', 'in progress', '2026-11-20T08:30:00Z');
const urgent = lab('u1', 'Chest X-ray', 'Urgent', 'pending', '2026-11-20T08:00:00Z');
const doneToday = lab('c1', 'Full Blood Count', 'Routine', 'completed', '2026-11-20T06:00:00Z', '2026-11-20T08:10:00Z');
const doneBefore = lab('c2', 'Lipid Profile', 'Routine', 'completed', '2026-11-18T06:00:00Z', '2026-11-18T09:00:00Z');
const renderPage = () => render(withSession(signedIn(ADMIN_USER), '/admin/laboratory', <AdminLaboratoryPage />).ui);
const routes = (overrides = {}) =>
  fakeApi({
    [routeOf(labStatsEndpoint)]: () =>
      answer(labStatsEndpoint, { pending: 2, inProgress: 1, completedToday: 1, recentActivity: [] }),
    // The server's lists: the open queue STAT first; a day's completed tests when completedOn is given.
    [routeOf(labRequestsEndpoint)]: (call) =>
      answer(
        labRequestsEndpoint,
        pageOf(
          call.query.get('status') === 'open'
            ? [stat, urgent, routine]
            : call.query.get('completedOn') === 'today'
              ? [doneToday]
              : [doneToday, doneBefore],
        ),
      ),
    [routeOf(labTurnaroundEndpoint)]: () =>
      answer(labTurnaroundEndpoint, {
        days: 30,
        tests: [
          { testCode: 'FBC', testName: 'Full Blood Count', completed: 3, medianMinutes: 20, p90Minutes: 52 },
          { testCode: 'ECG', testName: 'ECG', completed: 1, medianMinutes: 95.5, p90Minutes: 130 },
        ],
      }),
    ...overrides,
  });

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(new Date('2026-11-20T09:00:00.000Z'));
});
afterEach(() => {
  api.restore();
  vi.useRealTimers();
});

describe('/admin/laboratory', () => {
  it('shows the queue STAT first, the counts, turnaround per test and only today’s completed tests', async () => {
    api = routes();
    renderPage();
    expect(screen.getByText('Loading the lab queue...')).toBeInTheDocument();
    const queue = screen.getByRole('table', { name: 'Lab queue' });
    await within(queue).findByText('ECG');
    const tests = within(queue)
      .getAllByRole('row')
      .slice(1)
      .map((r) => within(r).getAllByRole('cell')[1]!.textContent);
    expect(tests).toEqual(['TestECG', 'TestChest X-ray', 'TestUrine Analysis']);
    expect(within(queue).getByText('In progress')).toBeInTheDocument();

    const turnaround = screen.getByRole('table', { name: 'Turnaround per test' });
    const fbc = (await within(turnaround).findByText('Full Blood Count')).closest('tr')!;
    expect(within(fbc).getByText('20 min')).toBeInTheDocument();
    expect(within(fbc).getByText('52 min')).toBeInTheDocument();
    const ecg = within(turnaround).getByText('ECG').closest('tr')!;
    expect(within(ecg).getByText('1 h 36 min')).toBeInTheDocument();
    expect(within(ecg).getByText('2 h 10 min')).toBeInTheDocument();

    const done = screen.getByRole('table', { name: 'Completed today' });
    expect(await within(done).findByText('Full Blood Count')).toBeInTheDocument();
    expect(within(done).queryByText('Lipid Profile')).not.toBeInTheDocument();
    // One request for the queue, one for today's completed tests by the hospital's calendar.
    const lists = api.calls.filter((c) => c.path === '/lab/requests').map((c) => c.query.toString());
    expect(lists.sort()).toEqual(['status=completed&completedOn=today&limit=100', 'status=open&limit=100']);
    expect(screen.queryByText(/Showing the first/)).not.toBeInTheDocument();
    expect(screen.getByRole('group', { name: 'Pending' })).toHaveTextContent('2');
    expect(screen.getByRole('group', { name: 'Completed today' })).toHaveTextContent('1');
  });

  it('says how many a list holds when its first page is not all of it', async () => {
    api = routes({
      [routeOf(labRequestsEndpoint)]: (call: RecordedCall) =>
        answer(labRequestsEndpoint, {
          ...pageOf(call.query.get('status') === 'open' ? [stat] : [doneToday]),
          pagination: { currentPage: 1, totalPages: 2, totalRecords: 143, hasPrev: false, hasNext: true },
        }),
    });
    renderPage();
    expect(await screen.findByText('Showing the first 1 of 143 tests in the queue.')).toBeInTheDocument();
    expect(screen.getByText('Showing the first 1 of 143 tests completed today.')).toBeInTheDocument();
  });

  it('says so when the lab is idle and nothing was completed', async () => {
    api = routes({
      [routeOf(labRequestsEndpoint)]: () => answer(labRequestsEndpoint, pageOf([])),
      [routeOf(labTurnaroundEndpoint)]: () => answer(labTurnaroundEndpoint, { days: 30, tests: [] }),
    });
    renderPage();
    expect(await screen.findByText('No tests waiting')).toBeInTheDocument();
    expect(await screen.findByText('No tests completed yet')).toBeInTheDocument();
    expect(screen.getByText('No tests completed today')).toBeInTheDocument();
  });

  it("shows the server's message when the turnaround cannot be read", async () => {
    api = routes({
      'GET /lab/turnaround': () => ({ status: 403, body: { success: false, message: 'Access denied' } }),
    });
    renderPage();
    const table = screen.getByRole('table', { name: 'Turnaround per test' });
    expect(await within(table).findByText('Access denied')).toBeInTheDocument();
  });

  it('writes minutes as minutes under an hour, else hours and minutes', () => {
    expect(minutesText(12.5)).toBe('12.5 min');
    expect(minutesText(60)).toBe('1 h 00 min');
  });
});
