import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createStore, Provider } from 'jotai';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { emitLiveEvent } from '../../lib/realtime/live-events';
import type { DataOf } from '../../../shared/api/endpoint';
import { labActivityEndpoint, labStatsEndpoint } from '../../../shared/api/laboratory';
import { answer, fakeApi, type FakeHandler } from '../../lib/testing/fake-api';
import { LabView } from './components/lab-view';
import TestActivityPage from './test-activity-page';

vi.setConfig({ testTimeout: 20_000 });

const stats = (pending: number, inProgress: number, completedToday: number) =>
  answer(labStatsEndpoint, { pending, inProgress, completedToday, recentActivity: [] });
type Activity = DataOf<typeof labActivityEndpoint>['activities'][number];
const activity = (n: number, status: Activity['status'] = 'completed'): Activity => ({
  id: `0a1b2c3d-0000-4000-8000-00000000000${n}`,
  consultationId: `c-${n}`,
  patientId: `p-${n}`,
  patientName: `Patient ${n}`,
  testName: 'Full Blood Count',
  testCode: 'FBC',
  urgency: 'Routine',
  instructions: null,
  status,
  completed: status === 'completed',
  orderedBy: { id: 'd', name: 'Dr. Emeka Obi' },
  orderedAt: new Date().toISOString(),
  startedAt: null,
  startedBy: null,
  completedAt: status === 'completed' ? new Date().toISOString() : null,
  results: null,
  notes: null,
  conductedBy: status === 'completed' ? 'Bisi Ade' : null,
  activityAt: new Date().toISOString(),
});
const activityPage = (rows: Activity[], totalPages = 1) =>
  answer(labActivityEndpoint, {
    activities: rows,
    pagination: { currentPage: 1, totalPages, totalRecords: rows.length, hasPrev: false, hasNext: false },
  });

let api: ReturnType<typeof fakeApi>;
function serve(overrides: Record<string, FakeHandler> = {}) {
  api = fakeApi({
    'GET /lab/stats': () => stats(4, 2, 9),
    'GET /lab/activity': () => activityPage([activity(1), activity(2, 'pending')], 3),
    ...overrides,
  });
}
const renderIn = (ui: React.ReactNode) =>
  render(
    <Provider store={createStore()}>
      <MemoryRouter>{ui}</MemoryRouter>
    </Provider>,
  );
const metric = (label: string) => within(screen.getByRole('group', { name: label })).getByTestId('metric-value');

beforeEach(() => localStorage.setItem('hms.userToken', 't'));
afterEach(() => {
  api.restore();
  localStorage.clear();
});

describe('Lab dashboard', () => {
  it('shows the real counts and the recent activity, 7 a page, with View All', async () => {
    serve();
    renderIn(<LabView />);
    await waitFor(() => expect(metric('Pending Test Requests')).toHaveTextContent('4'));
    expect(metric('Tests Completed Today')).toHaveTextContent('9');
    expect(metric('Tests in Progress')).toHaveTextContent('2');
    const table = screen.getByRole('table', { name: 'Recent test activity' });
    const [first, second] = within(table).getAllByRole('row').slice(1);
    expect(first).toHaveTextContent('0A1B2C3D');
    expect(first).toHaveTextContent('Patient 1');
    expect(first).toHaveTextContent('Dr. Emeka Obi');
    expect(first).toHaveTextContent('Bisi Ade');
    expect(second).toHaveTextContent('Pending');
    const call = api.calls.find((c) => c.path === '/lab/activity')!;
    expect([call.query.get('page'), call.query.get('limit')]).toEqual(['1', '7']);
    expect(screen.getByRole('link', { name: 'View All' })).toHaveAttribute('href', '/user/test-activity');

    await userEvent.click(screen.getByRole('button', { name: 'Page 2' }));
    await waitFor(() => expect(api.calls.at(-1)!.query.get('page')).toBe('2'));
  });

  it('says when there is no activity, and shows errors without made-up figures', async () => {
    serve({
      'GET /lab/stats': () => ({
        status: 500,
        body: { success: false, message: 'Server error. Please try again later' },
      }),
      'GET /lab/activity': () => activityPage([]),
    });
    renderIn(<LabView />);
    expect(await screen.findByText('No test activity yet')).toBeInTheDocument();
    await waitFor(() => expect(metric('Pending Test Requests')).toHaveTextContent('—'));
    expect(screen.getAllByText('Server error. Please try again later')).toHaveLength(3);
  });

  it('refreshes the counts and the activity when a lab order arrives', async () => {
    let pending = 4;
    serve({ 'GET /lab/stats': () => stats(pending, 0, 0) });
    renderIn(<LabView />);
    await waitFor(() => expect(metric('Pending Test Requests')).toHaveTextContent('4'));
    pending = 5;
    emitLiveEvent({ type: 'NEW_LAB_ORDER', data: {}, timestamp: new Date().toISOString() });
    await waitFor(() => expect(metric('Pending Test Requests')).toHaveTextContent('5'));
  });

  it('lists every activity on /user/test-activity, 20 a page', async () => {
    serve();
    renderIn(<TestActivityPage />);
    expect(await screen.findByText('Patient 1')).toBeInTheDocument();
    expect(api.calls.find((c) => c.path === '/lab/activity')!.query.get('limit')).toBe('20');
    expect(screen.getByRole('heading', { name: 'Test Activity' })).toBeInTheDocument();
  });
});
