import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Provider } from 'jotai';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { billingActivityEndpoint, billingDashboardEndpoint } from '../../../shared/api/billing';
import { answer, deferred, fakeApi, type FakeHandler, type FakeReply } from '../../lib/testing/fake-api';
import { signedInStore } from '../../lib/testing/session';
import UserDashboardPage from './user-dashboard-page';

vi.setConfig({ testTimeout: 20_000 });

const days = (today: Record<string, number> = {}) =>
  Array.from({ length: 30 }, (_, i) => ({
    date: `2026-05-${String(i + 1).padStart(2, '0')}`,
    cash: 0,
    pos: 0,
    transfer: 0,
    hmo: 0,
    ...(i === 29 ? today : {}),
  }));
const dashboard = (over: Record<string, number> = {}, perDay = days({ cash: 250_050, pos: 400_000 })) =>
  answer(billingDashboardEndpoint, {
    metrics: {
      invoicesToday: 4,
      paymentsTodayKobo: 650_050,
      paymentsMonthKobo: 1_200_000,
      outstandingKobo: 375_000,
      outstandingInvoices: 2,
      ...over,
    },
    paymentsPerDay: perDay,
  });
const activity = (n: number, totalPages = 1) =>
  answer(billingActivityEndpoint, {
    activities: Array.from({ length: n }, (_, i) => ({
      id: `e-${i}`,
      date: new Date().toISOString(),
      activityType: 'Payment Received',
      description: `₦${i + 1}.00 by cash from Ada Obi (RCT-00000${i})`,
      performedBy: 'Bola Ade',
      invoiceId: `inv-${i}`,
      patientId: 'p-1',
    })),
    pagination: { currentPage: 1, totalPages, totalRecords: n, hasPrev: false, hasNext: totalPages > 1 },
  });

let api: ReturnType<typeof fakeApi>;
function renderDashboard(routes: Record<string, FakeHandler>) {
  api = fakeApi(routes);
  const store = signedInStore('accountant', 6, {
    id: 'u-1',
    name: 'Bola Ade',
    email: 'bola@clinic.ng',
    initials: 'BA',
    hospital: { id: 'h1', hospitalId: 'HOSP-1', name: 'Lagos Clinic', status: 'active' },
  });
  return render(
    <Provider store={store}>
      <MemoryRouter initialEntries={['/user/dashboard']}>
        <Routes>
          <Route path="/user/dashboard" element={<UserDashboardPage />} />
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

describe('billing dashboard', () => {
  it('shows loading, then the real metrics in naira, the 30-day chart and the recent activity', async () => {
    const gate = deferred<Awaited<FakeReply>>();
    renderDashboard({ 'GET /billing/dashboard': () => gate.promise, 'GET /billing/activity': () => activity(3) });
    expect(metric('Invoices Generated Today')).toHaveTextContent('…');
    gate.resolve(dashboard());
    await waitFor(() => expect(metric('Invoices Generated Today')).toHaveTextContent('4'));
    expect(metric('Total Payments Received')).toHaveTextContent('₦6,500.50');
    expect(screen.getByText('Today · ₦12,000.00 this month')).toBeInTheDocument();
    expect(metric('Outstanding Balances')).toHaveTextContent('₦3,750.00');
    expect(screen.getByText('2 invoices not fully paid')).toBeInTheDocument();
    const chart = screen.getByRole('img', { name: /^Payments per day for the last 30 days by method/ });
    expect(chart).toHaveAccessibleName(
      'Payments per day for the last 30 days by method: Cash ₦2,500.50, POS ₦4,000.00, Transfer ₦0.00, HMO ₦0.00',
    );
    const table = await screen.findByRole('table', { name: 'Recent billing activity' });
    expect(within(table).getByText('₦1.00 by cash from Ada Obi (RCT-000000)')).toBeInTheDocument();
    expect(api.calls.find((c) => c.path === '/billing/activity')!.query.get('limit')).toBe('10');
  });

  it('says so when there are no payments and no activity yet', async () => {
    renderDashboard({
      'GET /billing/dashboard': () => dashboard({ paymentsTodayKobo: 0, invoicesToday: 0 }, days()),
      'GET /billing/activity': () => activity(0),
    });
    expect(await screen.findByText('No payments in the last 30 days yet.')).toBeInTheDocument();
    expect(await screen.findByText('No billing activity yet')).toBeInTheDocument();
    expect(metric('Total Payments Received')).toHaveTextContent('₦0.00');
  });

  it("shows the server's error with a retry, and View All opens the billing activity", async () => {
    let fail = true;
    renderDashboard({
      'GET /billing/dashboard': () =>
        fail
          ? { status: 403, body: { success: false, message: 'Access denied. Billing staff or admin role required.' } }
          : dashboard(),
      'GET /billing/activity': () => activity(10, 3),
    });
    expect(await screen.findByText('Access denied. Billing staff or admin role required.')).toBeInTheDocument();
    fail = false;
    await userEvent.click(screen.getAllByRole('button', { name: 'Try again' })[0]!);
    await waitFor(() => expect(metric('Invoices Generated Today')).toHaveTextContent('4'));
    await userEvent.click(await screen.findByRole('button', { name: 'Page 2' }));
    await waitFor(() =>
      expect(api.calls.some((c) => c.path === '/billing/activity' && c.query.get('page') === '2')).toBe(true),
    );
    expect(screen.getByRole('link', { name: 'View All' })).toHaveAttribute('href', '/user/billing-activity');
    expect(screen.getAllByRole('link', { name: /^View invoice: / })[0]).toHaveAttribute('href', '/user/invoice/inv-0');
  });
});
