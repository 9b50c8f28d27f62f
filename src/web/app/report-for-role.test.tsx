import { render, screen } from '@testing-library/react';
import { Provider } from 'jotai';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { claimsEndpoint, outstandingEndpoint } from '../../shared/api/billing';
import { labRequestsEndpoint } from '../../shared/api/laboratory';
import { dispensingReportEndpoint, stockReportEndpoint } from '../../shared/api/pharmacy';
import { answer, fakeApi } from '../lib/testing/fake-api';
import { signedInStore } from '../lib/testing/session';
import ReportForRole from './report-for-role';

vi.setConfig({ testTimeout: 20_000 });

let api: ReturnType<typeof fakeApi>;
afterEach(() => api.restore());

function renderAs(role: string, roleId: number) {
  return render(
    <Provider store={signedInStore(role, roleId)}>
      <MemoryRouter initialEntries={['/user/report']}>
        <ReportForRole />
      </MemoryRouter>
    </Provider>,
  );
}

describe('/user/report', () => {
  it("is the lab's completed results for a lab technician", async () => {
    api = fakeApi({
      'GET /lab/requests': () =>
        answer(labRequestsEndpoint, {
          requests: [],
          pagination: { currentPage: 1, totalPages: 0, totalRecords: 0, hasPrev: false, hasNext: false },
        }),
    });
    renderAs('lab_technician', 4);
    // In the first render: the report's code comes with the page. A lazy part would show its loading
    // state first, and React 19 holds the content back until 300 ms after that showed. (First in the
    // file: a lazy component, once loaded, would render at once in later tests.)
    expect(screen.getByRole('heading', { name: 'Lab Reports' })).toBeInTheDocument();
    expect(await screen.findByText('No completed lab results yet')).toBeInTheDocument();
  });

  it('is the outstanding balances and HMO claims for an accountant, without asking the lab', async () => {
    const totals = { d0_30: 0, d31_60: 0, d61_90: 0, d90plus: 0, totalKobo: 0 };
    api = fakeApi({
      'GET /billing/reports/outstanding': (call) =>
        answer(outstandingEndpoint, { by: call.query.get('by') === 'hmo' ? 'hmo' : 'patient', rows: [], totals }),
      'GET /billing/claims': () => answer(claimsEndpoint, { claims: [] }),
    });
    renderAs('accountant', 6);
    expect(await screen.findByRole('table', { name: 'Outstanding by Patient' })).toBeInTheDocument();
    expect(api.calls.some((c) => c.path.startsWith('/lab'))).toBe(false);
  });

  it("is the pharmacy's dispensing and stock for a pharmacist, without asking the lab", async () => {
    const totals = { quantity: 0, prescriptions: 0, patients: 0 };
    api = fakeApi({
      'GET /pharmacy/reports/dispensing': (call) =>
        answer(dispensingReportEndpoint, {
          from: call.query.get('from')!,
          to: call.query.get('to')!,
          rows: [],
          totals,
        }),
      'GET /pharmacy/reports/stock': (call) =>
        answer(stockReportEndpoint, {
          from: call.query.get('from')!,
          to: call.query.get('to')!,
          today: call.query.get('to')!,
          rows: [],
        }),
    });
    renderAs('pharmacist', 5);
    expect(await screen.findByRole('heading', { name: 'Pharmacy Reports' })).toBeInTheDocument();
    expect(await screen.findByText('Nothing dispensed in this period')).toBeInTheDocument();
    expect(screen.getByRole('table', { name: 'Stock by Medication' })).toBeInTheDocument();
    expect(api.calls.map((c) => c.path).sort()).toEqual(['/pharmacy/reports/dispensing', '/pharmacy/reports/stock']);
  });
});
