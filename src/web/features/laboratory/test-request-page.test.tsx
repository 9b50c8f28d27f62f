import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { emitLiveEvent } from '../../lib/realtime/live-events';
import { labStatsEndpoint, recordLabResultsEndpoint, startLabTestEndpoint } from '../../../shared/api/laboratory';
import { answer, deferred, fakeApi, type FakeHandler, type FakeReply } from '../../lib/testing/fake-api';
import type { LabRequest } from './api/lab-requests';
import { VALUE_FOR_EACH_NAME } from './results-form';
import TestRequestPage from './test-request-page';
import { labRequest, page, renderAsLab } from './testing/lab-fixtures';

vi.setConfig({ testTimeout: 60_000 });

const stat = labRequest({
  id: 'lr-stat',
  urgency: 'STAT',
  patientName: 'Adaeze Eze',
  testName: 'ECG',
  testCode: 'ECG',
});
const routine = labRequest({ id: 'lr-routine', patientName: 'Chioma Nwosu' });
// A test without a template: the form starts with one line named after it.
const running = labRequest({
  id: 'lr-run',
  status: 'in progress',
  startedBy: 'Bisi Ade',
  urgency: 'Urgent',
  testName: 'Chest X-ray',
  testCode: 'CXR',
});

let api: ReturnType<typeof fakeApi>;
function serve(byStatus: Partial<Record<string, LabRequest[]>>, overrides: Record<string, FakeHandler> = {}) {
  api = fakeApi({
    'GET /lab/requests': (call) => page(byStatus[call.query.get('status') ?? ''] ?? []),
    'GET /lab/stats': () =>
      answer(labStatsEndpoint, { pending: 2, inProgress: 1, completedToday: 0, recentActivity: [] }),
    ...overrides,
  });
}
const rows = (name: string) => within(screen.getByRole('table', { name })).getAllByRole('row').slice(1);

beforeEach(() => localStorage.setItem('hms.userToken', 't'));
afterEach(() => {
  api.restore();
  localStorage.clear();
});

describe('Test requests', () => {
  it('lists pending requests STAT first, marked urgent, with counts on the tabs', async () => {
    serve({ pending: [stat, routine] });
    renderAsLab(<TestRequestPage />);
    await screen.findByText('Adaeze Eze');
    const [first, second] = rows('Pending test requests');
    expect(first).toHaveTextContent('URGENT · STAT');
    expect(first).toHaveTextContent('Adaeze Eze');
    expect(first).toHaveTextContent('Dr. Emeka Obi');
    expect(second).toHaveTextContent('Routine');
    expect(second).not.toHaveTextContent('STAT');
    expect(screen.getByRole('tab', { name: /Pending/ })).toHaveAttribute('aria-selected', 'true');
    await waitFor(() => expect(screen.getByRole('tab', { name: /Pending/ })).toHaveTextContent('Pending (2)'));
    expect(screen.getByRole('tab', { name: /In Progress/ })).toHaveTextContent('In Progress (1)');
    const call = api.calls.find((c) => c.path === '/lab/requests')!;
    expect([call.query.get('status'), call.query.get('page'), call.query.get('limit')]).toEqual(['pending', '1', '10']);
    expect(call.auth).toBe('Bearer t');
  });

  it('shows loading, then says when nothing is pending', async () => {
    const reply = deferred<Awaited<FakeReply>>();
    serve({}, { 'GET /lab/requests': () => reply.promise });
    renderAsLab(<TestRequestPage />);
    expect(screen.getByText('Loading test requests...')).toBeInTheDocument();
    reply.resolve(page([]));
    expect(await screen.findByText('No pending test requests')).toBeInTheDocument();
  });

  it("shows the server's message when the queue cannot load, and tries again", async () => {
    let fail = true;
    serve(
      {},
      {
        'GET /lab/requests': () =>
          fail
            ? {
                status: 403,
                body: { success: false, message: 'Access denied. You do not have permission to view lab requests.' },
              }
            : page([routine]),
      },
    );
    renderAsLab(<TestRequestPage />);
    expect(
      await screen.findByText('Access denied. You do not have permission to view lab requests.'),
    ).toBeInTheDocument();
    fail = false;
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('Chioma Nwosu')).toBeInTheDocument();
  });

  it('starts a pending test and goes straight to entering its results; closed, it waits in In Progress', async () => {
    const user = userEvent.setup();
    let started = false;
    const inProgress = { ...stat, status: 'in progress' as const };
    serve(
      {},
      {
        'GET /lab/requests': (call) => {
          const status = call.query.get('status');
          if (status === 'pending') return page(started ? [routine] : [stat, routine]);
          return page(status === 'in progress' && started ? [inProgress] : []);
        },
        'POST /lab/requests/lr-stat/start': () => {
          started = true;
          return answer(startLabTestEndpoint, { request: inProgress }, 'Test started');
        },
      },
    );
    renderAsLab(<TestRequestPage />);
    await user.click(await screen.findByRole('button', { name: 'Start ECG for Adaeze Eze' }));
    const dialog = await screen.findByRole('dialog', { name: 'Enter Results: ECG' });
    expect(within(dialog).getByLabelText('Parameter 1')).toHaveValue('ECG');
    expect(api.calls.filter((c) => c.method === 'POST')).toHaveLength(1);
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(screen.getByRole('tab', { name: /In Progress/ })).toHaveAttribute('aria-selected', 'true');
    expect(await screen.findByRole('button', { name: 'Enter results of ECG for Adaeze Eze' })).toBeInTheDocument();
  });

  it('checks the results before sending them, then records them as the signed-in technician', async () => {
    const user = userEvent.setup();
    let recorded = false;
    serve(
      {},
      {
        'GET /lab/requests': (call) => page(call.query.get('status') === 'in progress' && !recorded ? [running] : []),
        'POST /lab/requests/lr-run/results': () => {
          recorded = true;
          return answer(
            recordLabResultsEndpoint,
            { request: { ...running, status: 'completed' } },
            'Test results recorded successfully!',
          );
        },
      },
    );
    renderAsLab(<TestRequestPage />);
    await user.click(await screen.findByRole('tab', { name: /In Progress/ }));
    await user.click(await screen.findByRole('button', { name: 'Enter results of Chest X-ray for Chioma Nwosu' }));
    const dialog = await screen.findByRole('dialog', { name: 'Enter Results: Chest X-ray' });
    expect(within(dialog).getByLabelText('Conducted By')).toHaveValue('Bisi Ade');
    expect(within(dialog).getByLabelText('Parameter 1')).toHaveValue('Chest X-ray');

    await user.click(within(dialog).getByRole('button', { name: 'Save Results' }));
    expect(within(dialog).getByRole('alert')).toHaveTextContent(VALUE_FOR_EACH_NAME);
    expect(api.calls.some((c) => c.method === 'POST')).toBe(false);

    await user.clear(within(dialog).getByLabelText('Parameter 1'));
    await user.type(within(dialog).getByLabelText('Parameter 1'), 'Haemoglobin');
    await user.type(within(dialog).getByLabelText('Value 1'), '13.2 g/dL');
    await user.click(within(dialog).getByRole('button', { name: 'Add result value' }));
    await user.type(within(dialog).getByLabelText('Parameter 2'), 'WBC');
    await user.type(within(dialog).getByLabelText('Value 2'), '6.1');
    await user.type(within(dialog).getByLabelText('Notes'), 'Normal');
    await user.click(within(dialog).getByRole('button', { name: 'Save Results' }));

    expect(await screen.findByText('Test results recorded successfully!')).toBeInTheDocument();
    expect(api.calls.find((c) => c.method === 'POST')!.body).toEqual({
      results: { Haemoglobin: '13.2 g/dL', WBC: '6.1' },
      notes: 'Normal',
      conductedBy: 'Bisi Ade',
    });
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(await screen.findByText('No tests in progress')).toBeInTheDocument();
  });

  it("keeps the dialog open with the server's refusal", async () => {
    const user = userEvent.setup();
    serve(
      { 'in progress': [running] },
      {
        'POST /lab/requests/lr-run/results': () => ({
          status: 409,
          body: { success: false, message: 'Results for this test have already been recorded' },
        }),
      },
    );
    renderAsLab(<TestRequestPage />);
    await user.click(await screen.findByRole('tab', { name: /In Progress/ }));
    await user.click(await screen.findByRole('button', { name: /Enter results of/ }));
    const dialog = await screen.findByRole('dialog');
    await user.type(within(dialog).getByLabelText('Value 1'), 'Normal');
    await user.click(within(dialog).getByRole('button', { name: 'Save Results' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      'Results for this test have already been recorded',
    );
  });

  it('shows a new lab order without a reload when the live message arrives', async () => {
    let orders = [routine];
    serve({}, { 'GET /lab/requests': () => page(orders) });
    renderAsLab(<TestRequestPage />);
    await screen.findByText('Chioma Nwosu');
    orders = [stat, routine];
    emitLiveEvent({ type: 'NEW_LAB_ORDER', data: { notify: true }, timestamp: new Date().toISOString() });
    expect(await screen.findByText('Adaeze Eze')).toBeInTheDocument();
    expect(rows('Pending test requests')[0]).toHaveTextContent('URGENT · STAT');
  });
});
