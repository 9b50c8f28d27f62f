import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createStore, Provider } from 'jotai';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { claimsEndpoint, outstandingEndpoint, revenueEndpoint } from '../../../shared/api/billing';
import type { DataOf } from '../../../shared/api/endpoint';
import { answer, fakeApi, type FakeHandler, type RecordedCall } from '../../lib/testing/fake-api';
import { writeToken, clearTokens } from '../../lib/session-storage';
import ReportPage from './report-page';

vi.setConfig({ testTimeout: 20_000 });

const row = {
  id: 'p-1',
  name: 'Ada Obi',
  invoices: 2,
  d0_30: 150_000,
  d31_60: 0,
  d61_90: 25_050,
  d90plus: 1,
  totalKobo: 175_051,
};
const totals = { d0_30: 150_000, d31_60: 0, d61_90: 25_050, d90plus: 1, totalKobo: 175_051 };
const figures = (invoices: number, invoicedKobo: number, paidKobo: number) => ({
  invoices,
  invoicedKobo,
  paidKobo,
  outstandingKobo: invoicedKobo - paidKobo,
});
const REVENUE: Record<string, DataOf<typeof revenueEndpoint>['rows']> = {
  day: [{ key: '2026-05-30', label: '2026-05-30', ...figures(2, 1_250_000, 625_000) }],
  month: [
    { key: '2026-04', label: '2026-04', ...figures(1, 10_000, 0) },
    { key: '2026-05', label: '2026-05', ...figures(2, 1_250_000, 625_000) },
  ],
  service: [],
  payer: [
    { key: 'patient', label: 'Patients', ...figures(2, 1_170_000, 595_000) },
    { key: 'h-1', label: 'Hygeia', ...figures(1, 80_000, 30_000) },
  ],
};
const revenue: FakeHandler = (call) => {
  const groupBy = call.query.get('groupBy') as DataOf<typeof revenueEndpoint>['groupBy'];
  const rows = REVENUE[groupBy]!;
  const sum = (k: 'invoices' | 'invoicedKobo' | 'paidKobo') => rows.reduce((n, r) => n + r[k], 0);
  return answer(revenueEndpoint, {
    groupBy,
    from: call.query.get('from') ?? '2026-05-01',
    to: call.query.get('to') ?? '2026-05-30',
    rows,
    totals: figures(sum('invoices'), sum('invoicedKobo'), sum('paidKobo')),
  });
};
const aging: FakeHandler = (call) =>
  call.query.get('by') === 'patient'
    ? answer(outstandingEndpoint, { by: 'patient', rows: [row], totals })
    : answer(outstandingEndpoint, {
        by: 'hmo',
        rows: [],
        totals: { ...totals, d0_30: 0, d61_90: 0, d90plus: 0, totalKobo: 0 },
      });

let api: ReturnType<typeof fakeApi>;
function renderPage(routes: Record<string, FakeHandler>) {
  api = fakeApi({
    'GET /billing/reports/revenue': revenue,
    'GET /billing/reports/outstanding': aging,
    'GET /billing/claims': () => answer(claimsEndpoint, { claims: [] }),
    ...routes,
  });
  render(
    <Provider store={createStore()}>
      <MemoryRouter>
        <ReportPage />
      </MemoryRouter>
    </Provider>,
  );
}
const COLUMNS = ['Invoices', 'Invoiced', 'Paid', 'Outstanding'];
/** A row's cells without the column names the table repeats in each cell for narrow screens. */
const cellsOf = async (table: string, rowName: RegExp) =>
  within(await within(screen.getByRole('table', { name: table })).findByRole('row', { name: rowName }))
    .getAllByRole('cell')
    .map((c, i) => {
      const text = c.textContent ?? '';
      const header = i === 0 ? /^(Day|Month|Service|Payer)/ : new RegExp(`^${COLUMNS[i - 1]}`);
      return text.replace(header, '');
    });
const revenueCalls = (groupBy: string) =>
  api.calls.filter((c) => c.path === '/billing/reports/revenue' && c.query.get('groupBy') === groupBy);

beforeEach(() => writeToken('user', 'accountant-jwt'));
afterEach(() => {
  api.restore();
  clearTokens();
});

describe('billing reports', () => {
  it('shows what is owed by patient, aged, and an empty HMO table and a failing claims list', async () => {
    renderPage({
      'GET /billing/claims': () => ({ status: 500, body: { success: false, message: 'Failed to fetch claims' } }),
    });
    const byPatient = await screen.findByRole('table', { name: 'Outstanding by Patient' });
    const cells = within(await within(byPatient).findByRole('row', { name: /Ada Obi/ })).getAllByRole('cell');
    expect(cells.map((c) => c.textContent)).toEqual([
      expect.stringContaining('Ada Obi'),
      expect.stringContaining('₦1,500.00'),
      expect.stringContaining('₦0.00'),
      expect.stringContaining('₦250.50'),
      expect.stringContaining('₦0.01'),
      expect.stringContaining('₦1,750.51'),
    ]);
    const byHmo = screen.getByRole('table', { name: 'Outstanding by HMO' });
    expect(await within(byHmo).findByText('Nothing outstanding')).toBeInTheDocument();
    expect(await screen.findByText('Failed to fetch claims')).toBeInTheDocument();
    expect(screen.getAllByRole('button', { name: /Retry|Try again/ }).length).toBeGreaterThan(0);
  });

  it('shows revenue by day, month and payer, an empty service table, and a failing one with retry', async () => {
    let failPayer = true;
    renderPage({
      'GET /billing/reports/revenue': (call) =>
        call.query.get('groupBy') === 'payer' && failPayer
          ? { status: 500, body: { success: false, message: 'Failed to fetch revenue' } }
          : revenue(call),
    });
    expect(screen.getAllByText('Loading revenue...').length).toBe(4);
    await screen.findByRole('table', { name: 'Revenue by Day' });
    expect(await cellsOf('Revenue by Day', /2026-05-30/)).toEqual([
      '2026-05-30',
      '2',
      '₦12,500.00',
      '₦6,250.00',
      '₦6,250.00',
    ]);
    expect(await cellsOf('Revenue by Month', /April 2026/)).toEqual(['April 2026', '1', '₦100.00', '₦0.00', '₦100.00']);
    expect(screen.getByText(/₦6,250.00 paid of ₦12,600.00/)).toBeInTheDocument();
    const byService = screen.getByRole('table', { name: 'Revenue by Service' });
    expect(within(byService).getByText('No invoices in this period')).toBeInTheDocument();
    // Without dates the server's defaults apply: no from or to is sent.
    expect(revenueCalls('day')[0]!.query.has('from')).toBe(false);

    expect(await screen.findByText('Failed to fetch revenue')).toBeInTheDocument();
    failPayer = false;
    const payerPanel = screen.getByRole('region', { name: /Revenue by Payer/ });
    await userEvent.click(within(payerPanel).getByRole('button', { name: /Retry|Try again/ }));
    expect(await cellsOf('Revenue by Payer', /Hygeia/)).toEqual(['Hygeia', '1', '₦800.00', '₦300.00', '₦500.00']);
  });

  it('filters every revenue table by the date range, and refuses From after To', async () => {
    renderPage({});
    await screen.findByRole('table', { name: 'Revenue by Day' });
    const from = screen.getByLabelText('From');
    const to = screen.getByLabelText('To');
    await userEvent.type(from, '2026-05-01');
    await userEvent.type(to, '2026-05-15');
    await waitFor(() =>
      expect(revenueCalls('service').at(-1)!.query.toString()).toBe('groupBy=service&from=2026-05-01&to=2026-05-15'),
    );
    for (const g of ['day', 'month', 'payer']) expect(revenueCalls(g).at(-1)!.query.get('to')).toBe('2026-05-15');
    const before = api.calls.length;
    await userEvent.clear(to);
    await userEvent.type(to, '2026-04-01');
    expect(await screen.findByText('From must be on or before To')).toBeInTheDocument();
    expect(api.calls.slice(before).some((c) => c.query.get('to') === '2026-04-01')).toBe(false);
  });

  it("downloads each table's CSV from the server with the token, under the server's file name", async () => {
    const saved: string[] = [];
    const { createObjectURL, revokeObjectURL } = URL;
    URL.createObjectURL = vi.fn(() => 'blob:report');
    URL.revokeObjectURL = vi.fn();
    const clicked = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (
      this: HTMLAnchorElement,
    ) {
      saved.push(this.download);
    });
    const csv = (name: string) => () => ({
      body: 'a,b',
      headers: { 'content-type': 'text/csv', 'content-disposition': `attachment; filename="${name}"` },
    });
    renderPage({
      'GET /billing/reports/revenue.csv': csv('revenue-by-service-2026-05-01-to-2026-05-30.csv'),
      'GET /billing/reports/outstanding.csv': () => ({
        status: 403,
        body: { success: false, message: 'Access denied' },
      }),
    });
    await screen.findByRole('table', { name: 'Revenue by Day' });
    await userEvent.type(screen.getByLabelText('From'), '2026-05-01');
    await userEvent.click(screen.getByRole('button', { name: 'Download Revenue by Service CSV' }));
    await waitFor(() => expect(saved).toEqual(['revenue-by-service-2026-05-01-to-2026-05-30.csv']));
    const call = api.calls.find((c) => c.path === '/billing/reports/revenue.csv') as RecordedCall;
    expect(call.query.toString()).toBe('groupBy=service&from=2026-05-01');
    expect(call.auth).toBe('Bearer accountant-jwt');

    await userEvent.click(screen.getByRole('button', { name: 'Download Outstanding by HMO CSV' }));
    const hmoPanel = screen.getByRole('region', { name: /Outstanding by HMO/ });
    expect(await within(hmoPanel).findByRole('alert')).toHaveTextContent('Failed to download CSV');
    expect(api.calls.find((c) => c.path === '/billing/reports/outstanding.csv')!.query.get('by')).toBe('hmo');
    clicked.mockRestore();
    Object.assign(URL, { createObjectURL, revokeObjectURL });
  });
});
