import { render, screen, within } from '@testing-library/react';
import { createStore, Provider } from 'jotai';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, describe, expect, it } from 'vitest';
import { fakeApi } from '../../lib/testing/fake-api';
import ReportPage from './report-page';

const ok = (data: unknown) => ({ body: { success: true, data } });
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

let api: ReturnType<typeof fakeApi>;
afterEach(() => api.restore());

describe('billing reports', () => {
  it('shows what is owed by patient, aged, and an empty HMO table and a failing claims list', async () => {
    api = fakeApi({
      'GET /billing/reports/outstanding': (call) =>
        call.query.get('by') === 'patient'
          ? ok({ by: 'patient', rows: [row], totals })
          : ok({ by: 'hmo', rows: [], totals: { ...totals, d0_30: 0, d61_90: 0, d90plus: 0, totalKobo: 0 } }),
      'GET /billing/claims': () => ({ status: 500, body: { success: false, message: 'Failed to fetch claims' } }),
    });
    render(
      <Provider store={createStore()}>
        <MemoryRouter>
          <ReportPage />
        </MemoryRouter>
      </Provider>,
    );
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
    expect(screen.getByRole('button', { name: /Retry|Try again/ })).toBeInTheDocument();
  });
});
