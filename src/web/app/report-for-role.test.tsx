import { render, screen } from '@testing-library/react';
import { createStore, Provider } from 'jotai';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { sessionAtom } from '../lib/session';
import { fakeApi } from '../lib/testing/fake-api';
import ReportForRole from './report-for-role';

vi.setConfig({ testTimeout: 20_000 });

let api: ReturnType<typeof fakeApi>;
afterEach(() => api.restore());

function renderAs(role: string, roleId: number) {
  const store = createStore();
  store.set(sessionAtom, {
    status: 'signed-in',
    kind: 'user',
    token: 't',
    user: {
      id: 'u',
      name: 'Ada Obi',
      email: 'a@b.ng',
      initials: 'AO',
      role,
      roleId,
      hospital: null,
      mustChangePassword: false,
    },
  });
  return render(
    <Provider store={store}>
      <MemoryRouter initialEntries={['/user/report']}>
        <ReportForRole />
      </MemoryRouter>
    </Provider>,
  );
}

describe('/user/report', () => {
  it("is the lab's completed results for a lab technician", async () => {
    api = fakeApi({
      'GET /lab/requests': () => ({
        body: {
          success: true,
          data: {
            requests: [],
            pagination: { currentPage: 1, totalPages: 0, totalRecords: 0, hasPrev: false, hasNext: false },
          },
        },
      }),
    });
    renderAs('lab_technician', 4);
    expect(await screen.findByRole('heading', { name: 'Lab Reports' })).toBeInTheDocument();
    expect(await screen.findByText('No completed lab results yet')).toBeInTheDocument();
  });

  it('is the outstanding balances and HMO claims for an accountant, without asking the lab', async () => {
    const totals = { d0_30: 0, d31_60: 0, d61_90: 0, d90plus: 0, totalKobo: 0 };
    api = fakeApi({
      'GET /billing/reports/outstanding': (call) => ({
        body: { success: true, data: { by: call.query.get('by'), rows: [], totals } },
      }),
      'GET /billing/claims': () => ({
        body: {
          success: true,
          data: {
            claims: [],
            pagination: { currentPage: 1, totalPages: 0, totalRecords: 0, hasPrev: false, hasNext: false },
          },
        },
      }),
    });
    renderAs('accountant', 6);
    expect(await screen.findByRole('table', { name: 'Outstanding by Patient' })).toBeInTheDocument();
    expect(api.calls.some((c) => c.path.startsWith('/lab'))).toBe(false);
  });

  it('does not ask the lab for a pharmacist, whose reports are not built yet', async () => {
    api = fakeApi({});
    renderAs('pharmacist', 5);
    expect(await screen.findByText(/screen is coming soon/)).toBeInTheDocument();
    expect(api.calls).toEqual([]);
  });
});
