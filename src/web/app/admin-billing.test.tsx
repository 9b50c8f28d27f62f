import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes } from 'react-router-dom';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { AriaRouter } from '../components/aria-router';
import type { DataOf } from '../../shared/api/endpoint';
import { billingDashboardEndpoint, invoiceEndpoint, invoicesEndpoint } from '../../shared/api/billing';
import { answer, deferred, fakeApi, type FakeHandler, type FakeReply } from '../lib/testing/fake-api';
import AdminBillingPage, { AdminInvoiceDetail } from './admin-billing';
import { ADMIN_USER, signedIn, withSession } from './testing/session-fixtures';

vi.setConfig({ testTimeout: 20_000 });

const days = (last: Record<string, number> = {}) =>
  Array.from({ length: 30 }, (_, i) => ({
    date: `2026-05-${String(i + 1).padStart(2, '0')}`,
    cash: 0,
    pos: 0,
    transfer: 0,
    hmo: 0,
    ...(i === 29 ? last : {}),
  }));
const dashboard = (perDay = days({ transfer: 500_000 })) =>
  answer(billingDashboardEndpoint, {
    metrics: {
      invoicesToday: 3,
      paymentsTodayKobo: 500_000,
      paymentsMonthKobo: 900_000,
      outstandingKobo: 125_000,
      outstandingInvoices: 1,
    },
    paymentsPerDay: perDay,
  });
const invoice = {
  id: 'inv-7',
  number: 'INV-000007',
  patientId: 'p-1',
  patientName: 'Chioma Eze',
  consultationId: 'c-1',
  doctorName: 'Dr Bello',
  lines: [
    {
      lineId: 'l-1',
      kind: 'consultation',
      description: 'Consultation fee',
      quantity: 1,
      unitPriceKobo: 625_000,
      amountKobo: 625_000,
      source: 'consultation:c-1',
    },
  ],
  totalKobo: 625_000,
  paidKobo: 500_000,
  balanceKobo: 125_000,
  hmo: null,
  hmoShareKobo: 0,
  hmoPaidKobo: 0,
  hmoPendingKobo: 0,
  hmoBalanceKobo: 0,
  patientShareKobo: 625_000,
  patientBalanceKobo: 125_000,
  status: 'part-paid',
  voidReason: null,
  createdAt: '2026-05-30T09:00:00.000Z',
  updatedAt: '2026-05-30T10:00:00.000Z',
  version: 2,
} satisfies DataOf<typeof invoicesEndpoint>['invoices'][number];
const invoices = (list: DataOf<typeof invoicesEndpoint>['invoices']) =>
  answer(invoicesEndpoint, {
    invoices: list,
    pagination: { currentPage: 1, totalPages: 1, totalRecords: list.length, hasPrev: false, hasNext: false },
  });

let api: ReturnType<typeof fakeApi> | undefined;
afterEach(() => {
  api?.restore();
  api = undefined;
});

function renderAt(path: string, routes: Record<string, FakeHandler>) {
  api = fakeApi(routes);
  const { ui } = withSession(
    signedIn(ADMIN_USER),
    path,
    <AriaRouter>
      <Routes>
        <Route path="/admin/billing" element={<AdminBillingPage />} />
        <Route path="/admin/billing/invoices/:invoiceId" element={<AdminInvoiceDetail />} />
      </Routes>
    </AriaRouter>,
  );
  render(ui);
}
const metric = (label: string) => within(screen.getByRole('group', { name: label })).getByTestId('metric-value');

describe('/admin/billing', () => {
  it("shows loading, then the accountant's figures, the 30-day chart and the newest invoices", async () => {
    const gate = deferred<Awaited<FakeReply>>();
    renderAt('/admin/billing', {
      'GET /billing/dashboard': () => dashboard(),
      'GET /billing/invoices': () => gate.promise,
    });
    expect(screen.getByRole('heading', { name: 'Billing', level: 1 })).toBeInTheDocument();
    expect(screen.getByText('Loading invoices...')).toBeInTheDocument();
    await waitFor(() => expect(metric('Invoices Generated Today')).toHaveTextContent('3'));
    expect(metric('Total Payments Received')).toHaveTextContent('₦5,000.00');
    expect(metric('Outstanding Balances')).toHaveTextContent('₦1,250.00');
    expect(screen.getByRole('img', { name: /^Payments per day for the last 30 days/ })).toHaveAccessibleName(
      'Payments per day for the last 30 days by method: Cash ₦0.00, POS ₦0.00, Transfer ₦5,000.00, HMO ₦0.00',
    );
    gate.resolve(invoices([invoice]));
    const table = await screen.findByRole('table', { name: 'Recent invoices' });
    // The table is there while it loads: wait for the row itself.
    const row = (await within(table).findByText('INV-000007')).closest('tr')!;
    expect(within(row).getByText('Chioma Eze')).toBeInTheDocument();
    expect(within(row).getByText('Part-paid')).toBeInTheDocument();
    expect(within(row).getByText('₦1,250.00')).toBeInTheDocument();
    expect(within(row).getByRole('link', { name: 'Open INV-000007' })).toHaveAttribute(
      'href',
      '/admin/billing/invoices/inv-7',
    );
    const listCall = api!.calls.find((c) => c.path === '/billing/invoices')!;
    expect(listCall.query.get('page')).toBe('1');
    expect(listCall.query.get('status')).toBeNull();
  });

  it('says so when there are no payments and no invoices yet', async () => {
    renderAt('/admin/billing', {
      'GET /billing/dashboard': () => dashboard(days()),
      'GET /billing/invoices': () => invoices([]),
    });
    expect(await screen.findByText('No payments in the last 30 days yet.')).toBeInTheDocument();
    expect(await screen.findByText('No invoices yet')).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: /^Open / })).not.toBeInTheDocument();
  });

  it("shows the server's failures with a retry that loads the figures", async () => {
    let fail = true;
    renderAt('/admin/billing', {
      'GET /billing/dashboard': () =>
        fail ? { status: 503, body: { success: false, message: 'Ledger is busy' } } : dashboard(),
      'GET /billing/invoices': () => ({ status: 500, body: { success: false, message: 'Invoices are unavailable' } }),
    });
    expect(await screen.findByText('Ledger is busy')).toBeInTheDocument();
    expect(await screen.findByText('Invoices are unavailable')).toBeInTheDocument();
    fail = false;
    await userEvent.click(screen.getAllByRole('button', { name: /try again|retry/i })[0]!);
    await waitFor(() => expect(metric('Invoices Generated Today')).toHaveTextContent('3'));
    expect(screen.queryByText('Ledger is busy')).not.toBeInTheDocument();
  });

  it("opens an invoice on the admin's own route, whose links stay under /admin/billing", async () => {
    renderAt('/admin/billing', {
      'GET /billing/dashboard': () => dashboard(),
      'GET /billing/invoices': () => invoices([invoice]),
      'GET /billing/invoices/inv-7': () =>
        answer(invoiceEndpoint, {
          invoice: {
            ...invoice,
            payments: [
              {
                id: 'pay-1',
                invoiceId: 'inv-7',
                patientId: 'p-1',
                patientName: 'Chioma Eze',
                receiptNumber: 'RCT-000001',
                amountKobo: 500_000,
                method: 'transfer',
                reference: null,
                receivedAt: '2026-05-30T10:00:00.000Z',
                receivedBy: 'Bola Ade',
                payer: 'patient',
              },
            ],
          },
        }),
    });
    await userEvent.click(await screen.findByRole('link', { name: 'Open INV-000007' }));
    expect(await screen.findByRole('heading', { name: 'Invoice INV-000007' })).toBeInTheDocument();
    expect(screen.getByTestId('current-path')).toHaveTextContent('/admin/billing/invoices/inv-7');
    expect(screen.getByRole('link', { name: 'Print receipt RCT-000001' })).toHaveAttribute(
      'href',
      '/admin/billing/payments/pay-1/receipt',
    );
  });
});
