import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ToastContainer } from 'react-toastify';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { dispensingReportEndpoint, stockReportEndpoint, type StockStatus } from '../../../shared/api/pharmacy';
import { answer, deferred, fakeApi, type FakeReply } from '../../lib/testing/fake-api';
import PharmacyReportPage from './report-page';

vi.setConfig({ testTimeout: 20_000 });

let api: ReturnType<typeof fakeApi>;
let user: ReturnType<typeof userEvent.setup>;
// 23:30 UTC on 31 March is already 1 April in Lagos.
const now = () => new Date('2025-03-31T23:30:00Z');

const dispensing = (from: string, to: string) =>
  answer(dispensingReportEndpoint, {
    from,
    to,
    rows: [
      { name: 'Coartem', quantity: 8, prescriptions: 2, patients: 1 },
      { name: 'Paracetamol', quantity: 15, prescriptions: 2, patients: 2 },
    ],
    totals: { quantity: 23, prescriptions: 3, patients: 2 },
  });
const stockRow = {
  name: 'Coartem',
  batches: 2,
  onHand: 15,
  expiredOnHand: 3,
  received: 24,
  adjusted: -1,
  dispensed: 8,
  reorderLevel: 12,
  status: 'In Stock' as StockStatus,
  nearestExpiry: '2025-02-28',
};
const stock = (from: string, to: string, rows = [stockRow]) =>
  answer(stockReportEndpoint, { from, to, today: '2025-04-01', rows });
const calls = (name: string) => api.calls.filter((c) => c.path === `/pharmacy/reports/${name}`);

beforeEach(() => {
  localStorage.setItem('hms.userToken', 'pharmacist-token');
  user = userEvent.setup({ delay: null });
});
afterEach(() => {
  api.restore();
  localStorage.clear();
});

const renderPage = () =>
  render(
    <>
      <PharmacyReportPage now={now} />
      <ToastContainer />
    </>,
  );

describe("the pharmacist's report", () => {
  it("shows this month's dispensing and stock per medication, in Lagos days", async () => {
    const pending = deferred<FakeReply>();
    api = fakeApi({
      'GET /pharmacy/reports/dispensing': (c) =>
        pending.promise.then(() => dispensing(c.query.get('from')!, c.query.get('to')!)),
      'GET /pharmacy/reports/stock': (c) => stock(c.query.get('from')!, c.query.get('to')!),
    });
    renderPage();
    expect(await screen.findByText('Loading dispensing...')).toBeInTheDocument();
    pending.resolve({});
    const table = await screen.findByRole('table', { name: 'Dispensing by Medication' });
    const cells = within(await within(table).findByRole('row', { name: /Paracetamol/ })).getAllByRole('cell');
    expect(cells.map((c) => c.textContent)).toEqual([
      expect.stringContaining('Paracetamol'),
      expect.stringContaining('15'),
      expect.stringContaining('2'),
      expect.stringContaining('2'),
    ]);
    expect(screen.getByText('23 units · 3 prescriptions · 2 patients')).toBeInTheDocument();
    expect(calls('dispensing')[0]!.query.toString()).toBe('from=2025-04-01&to=2025-04-01');
    expect(calls('dispensing')[0]!.auth).toBe('Bearer pharmacist-token');
    expect(screen.getByLabelText('From')).toHaveValue('2025-04-01');

    const stockTable = screen.getByRole('table', { name: 'Stock by Medication' });
    const row = within(await within(stockTable).findByRole('row', { name: /Coartem/ })).getAllByRole('cell');
    expect(row.map((c) => c.textContent)).toEqual([
      expect.stringContaining('Coartem'),
      expect.stringContaining('15'),
      expect.stringContaining('24'),
      expect.stringContaining('-1'),
      expect.stringContaining('8'),
      expect.stringContaining('12'),
      expect.stringContaining('In Stock'),
      expect.stringContaining('28 Feb 2025 (3 expired)'),
    ]);
  });

  it('asks again for a new period, and holds a From after To with its message', async () => {
    api = fakeApi({
      'GET /pharmacy/reports/dispensing': () =>
        answer(dispensingReportEndpoint, {
          from: '2025-04-01',
          to: '2025-04-01',
          rows: [],
          totals: { quantity: 0, prescriptions: 0, patients: 0 },
        }),
      'GET /pharmacy/reports/stock': () => stock('2025-04-01', '2025-04-01', []),
    });
    renderPage();
    expect(await screen.findByText('Nothing dispensed in this period')).toBeInTheDocument();
    expect(await screen.findByText('No medications in stock yet')).toBeInTheDocument();
    const to = screen.getByLabelText('To');
    await user.clear(to);
    await user.type(to, '2025-03-31');
    expect(await screen.findByText('From must be on or before To')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Download CSV: Stock' })).toBeDisabled();
    const from = screen.getByLabelText('From');
    await user.clear(from);
    await user.type(from, '2025-03-01');
    await waitFor(() => expect(calls('stock').at(-1)!.query.toString()).toBe('from=2025-03-01&to=2025-03-31'));
    expect(calls('dispensing').at(-1)!.query.toString()).toBe('from=2025-03-01&to=2025-03-31');
    expect(screen.queryByText('From must be on or before To')).not.toBeInTheDocument();
  });

  it("shows the server's message with a retry when a report fails", async () => {
    let fail = true;
    api = fakeApi({
      'GET /pharmacy/reports/dispensing': (c) =>
        fail
          ? { status: 500, body: { success: false, message: 'Failed to fetch the dispensing report' } }
          : dispensing(c.query.get('from')!, c.query.get('to')!),
      'GET /pharmacy/reports/stock': (c) => stock(c.query.get('from')!, c.query.get('to')!),
    });
    renderPage();
    expect(await screen.findByText('Failed to fetch the dispensing report')).toBeInTheDocument();
    fail = false;
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('row', { name: /Paracetamol/ })).toBeInTheDocument();
  });

  it('downloads each table as CSV with the token, for the chosen period', async () => {
    const created = vi.fn((_blob: Blob) => 'blob:report');
    const { createObjectURL, revokeObjectURL } = URL;
    URL.createObjectURL = created;
    URL.revokeObjectURL = vi.fn();
    const clicked = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => undefined);
    api = fakeApi({
      'GET /pharmacy/reports/dispensing': (c) =>
        c.query.get('format') === 'csv' ? { status: 500, body: { success: false } } : dispensing('a', 'b'),
      'GET /pharmacy/reports/stock': (c) =>
        c.query.get('format') === 'csv'
          ? { body: 'medication,batches', headers: { 'content-type': 'text/csv' } }
          : stock('a', 'b'),
    });
    renderPage();
    await screen.findByRole('row', { name: /Coartem.*28 Feb/ });
    await user.click(screen.getByRole('button', { name: 'Download CSV: Stock' }));
    await waitFor(() => expect(clicked).toHaveBeenCalledTimes(1));
    const csv = calls('stock').find((c) => c.query.get('format') === 'csv')!;
    expect(csv.query.toString()).toBe('from=2025-04-01&to=2025-04-01&format=csv');
    expect(csv.auth).toBe('Bearer pharmacist-token');
    expect(created).toHaveBeenCalledTimes(1);
    await user.click(screen.getByRole('button', { name: 'Download CSV: Dispensing' }));
    expect(await screen.findByText('Could not download the file. Please try again.')).toBeInTheDocument();
    expect(clicked).toHaveBeenCalledTimes(1);
    clicked.mockRestore();
    Object.assign(URL, { createObjectURL, revokeObjectURL });
  });
});
