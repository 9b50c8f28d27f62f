import type { ReactElement } from 'react';
import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { signedIn, withSession } from '../../app/testing/session-fixtures';
import { emitLiveEvent } from '../../lib/realtime/live-events';
import type { SessionUser } from '../../lib/session';
import { dispensationsEndpoint, pharmacyStatsEndpoint } from '../../../shared/api/dispensing';
import {
  answer,
  answerBody,
  deferred,
  fakeApi,
  routeOf,
  type FakeHandler,
  type RecordedCall,
} from '../../lib/testing/fake-api';
import DispensationsPage from './dispensations-page';
import UserDashboardPage from './user-dashboard-page';

vi.setConfig({ testTimeout: 20_000 });

const pharmacist: SessionUser = {
  id: 'ph-1',
  name: 'Amaka Eze',
  email: 'amaka@lagoon.ng',
  initials: 'AE',
  role: 'pharmacist',
  roleId: 5,
  hospital: { id: 'h-1', hospitalId: 'HMS-7Q4K2X', name: 'Lagoon', status: 'active' },
  mustChangePassword: false,
};

const dispensation = (n: number) => ({
  id: `e-${n}`,
  consultationId: `a1b2c3d4-0000-4000-8000-00000000000${n}`,
  patientId: `p-${n}`,
  patientName: n === 1 ? 'Chioma Nwosu' : `Patient ${n}`,
  prescribedBy: 'Tunde Bello',
  dispensedBy: 'Amaka Eze',
  dispensedAt: '2026-11-23T09:00:00.000Z',
  status: n === 1 ? ('Partially Dispensed' as const) : ('Completed' as const),
  medications: [
    { name: 'Coartem', dosage: '80/480mg', quantity: 6 },
    { name: 'Paracetamol', dosage: '500mg', quantity: 10 },
  ],
});
const stats = { pendingPrescriptions: 4, dispensedToday: 3, dispensedTotal: 57, lowStock: 2, recentDispensations: [] };
const activity = (call: RecordedCall, total = 9) => {
  const limit = Number(call.query.get('limit'));
  const page = Number(call.query.get('page'));
  const rows = Array.from({ length: total }, (_, i) => dispensation(i + 1)).slice((page - 1) * limit, page * limit);
  const totalPages = Math.ceil(total / limit);
  return answerBody(dispensationsEndpoint, {
    success: true,
    data: rows,
    pagination: { currentPage: page, totalPages, totalRecords: total, hasPrev: page > 1, hasNext: page < totalPages },
  });
};
const routes = (extra: Record<string, FakeHandler> = {}) => ({
  [routeOf(pharmacyStatsEndpoint)]: () => answer(pharmacyStatsEndpoint, stats),
  [routeOf(dispensationsEndpoint)]: (call: RecordedCall) => activity(call),
  ...extra,
});
const metric = (label: string) => within(screen.getByRole('group', { name: label }));

let api: ReturnType<typeof fakeApi>;
afterEach(() => api.restore());
const renderAt = (path: string, page: ReactElement) => render(withSession(signedIn(pharmacist), path, page).ui);

describe('Pharmacist dashboard', () => {
  it('shows the real counts and the latest dispensations, 7 a page', async () => {
    const reply = deferred<ReturnType<typeof answer>>();
    api = fakeApi(routes({ 'GET /pharmacy/stats': () => reply.promise }));
    renderAt('/user/dashboard', <UserDashboardPage />);
    expect(screen.getByRole('heading', { name: 'Pharmacist Dashboard' })).toBeInTheDocument();
    expect(metric('Pending Prescriptions').getByTestId('metric-value')).toHaveTextContent('…');
    reply.resolve(answer(pharmacyStatsEndpoint, stats));
    await waitFor(() => expect(metric('Pending Prescriptions').getByTestId('metric-value')).toHaveTextContent('4'));
    expect(metric('Dispensed Medications').getByTestId('metric-value')).toHaveTextContent('57');
    expect(metric('Dispensed Medications').getByText('3 today')).toBeInTheDocument();
    expect(metric('Low Stock Medications').getByTestId('metric-value')).toHaveTextContent('2');

    const table = screen.getByRole('table', { name: 'Dispensation activity' });
    const row = (await within(table).findByText('Chioma Nwosu')).closest('tr')!;
    expect(row).toHaveTextContent('RX-A1B2C3D4');
    expect(row).toHaveTextContent('Coartem × 6, Paracetamol × 10');
    expect(row).toHaveTextContent('80/480mg, 500mg');
    expect(row).toHaveTextContent('Partially Dispensed');
    expect(within(row).getByRole('link', { name: 'View Chioma Nwosu' })).toHaveAttribute('href', '/user/patients/p-1');
    expect(within(table).getAllByRole('row')).toHaveLength(8); // the header and 7 rows
    const call = api.calls.find((c) => c.path === '/pharmacy/dispensations')!;
    expect(call.query.get('limit')).toBe('7');
    expect(screen.getByRole('link', { name: 'View All' })).toHaveAttribute('href', '/user/dispensations');
  });

  it('opens the patient from a row and pages through the activity', async () => {
    const user = userEvent.setup({ delay: null });
    api = fakeApi(routes());
    renderAt('/user/dashboard', <UserDashboardPage />);
    await screen.findByText('Chioma Nwosu');
    await user.click(screen.getByRole('button', { name: 'Page 2' }));
    expect(await screen.findByText('Patient 8')).toBeInTheDocument();
    expect(screen.queryByText('Chioma Nwosu')).not.toBeInTheDocument();
    await user.click(screen.getByText('Patient 9'));
    expect(screen.getByTestId('current-path')).toHaveTextContent('/user/patients/p-9');
  });

  it('refetches the figures and the activity when a prescription is dispensed anywhere', async () => {
    api = fakeApi(routes());
    renderAt('/user/dashboard', <UserDashboardPage />);
    await screen.findByText('Chioma Nwosu');
    act(() => emitLiveEvent({ type: 'PRESCRIPTION_DISPENSED', data: {}, timestamp: '' }));
    await waitFor(() => expect(api.calls.filter((c) => c.path === '/pharmacy/stats')).toHaveLength(2));
    await waitFor(() => expect(api.calls.filter((c) => c.path === '/pharmacy/dispensations')).toHaveLength(2));
  });

  it('says so when nothing was dispensed yet, and shows a failure with dashes, never a made-up number', async () => {
    api = fakeApi(
      routes({
        'GET /pharmacy/stats': () => ({ status: 500, body: { success: false } }),
        'GET /pharmacy/dispensations': (call) => activity(call, 0),
      }),
    );
    renderAt('/user/dashboard', <UserDashboardPage />);
    expect(await screen.findByText('No dispensation activity yet')).toBeInTheDocument();
    await waitFor(() => expect(metric('Low Stock Medications').getByTestId('metric-value')).toHaveTextContent('—'));
    expect(metric('Low Stock Medications').getByText('Failed to fetch dispensation data')).toBeInTheDocument();
  });
});

describe('Dispensation activity (View All)', () => {
  it('lists every dispensation 10 a page, with a retry after a failure', async () => {
    const user = userEvent.setup({ delay: null });
    let fail = true;
    api = fakeApi(
      routes({
        'GET /pharmacy/dispensations': (call) =>
          fail ? { status: 503, body: { success: false, message: 'Service unavailable' } } : activity(call, 12),
      }),
    );
    renderAt('/user/dispensations', <DispensationsPage />);
    expect(await screen.findByText('Service unavailable')).toBeInTheDocument();
    fail = false;
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    const table = await screen.findByRole('table', { name: 'Dispensation activity' });
    await within(table).findByText('Chioma Nwosu');
    expect(within(table).getAllByRole('row')).toHaveLength(11);
    expect(api.calls.at(-1)!.query.get('limit')).toBe('10');
  });
});
