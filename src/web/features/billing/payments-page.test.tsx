import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createStore, Provider } from 'jotai';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { paymentsEndpoint } from '../../../shared/api/billing';
import { answer, fakeApi } from '../../lib/testing/fake-api';
import PaymentsPage, { CASH_UP_DAYS_SHOWN } from './payments-page';

vi.setConfig({ testTimeout: 20_000 });

/** `n` days of cash-up, newest first, each ₦100 by cash. */
const days = (n: number) =>
  Array.from({ length: n }, (_, i) => ({
    date: new Date(Date.UTC(2026, 10, 28 - i)).toISOString().slice(0, 10),
    totalKobo: 10_000,
    count: 1,
    byMethod: { cash: 10_000 },
  }));

let api: ReturnType<typeof fakeApi> | undefined;
afterEach(() => api?.restore());

function renderPayments(n: number) {
  api = fakeApi({
    'GET /billing/payments': () =>
      answer(paymentsEndpoint, {
        payments: [],
        pagination: { currentPage: 1, totalPages: 1, totalRecords: 0, hasPrev: false, hasNext: false },
        totalKobo: n * 10_000,
        days: days(n),
      }),
  });
  render(
    <Provider store={createStore()}>
      <MemoryRouter initialEntries={['/user/payments']}>
        <PaymentsPage />
      </MemoryRouter>
    </Provider>,
  );
}

const dayRows = async () => {
  const table = await screen.findByRole('table', { name: 'Totals per day per method' });
  await within(table).findByText('28 Nov 2026');
  return within(table).getAllByRole('row').length - 1;
};

describe('the payments cash-up', () => {
  it('shows the newest days of a long period first, and every day one press away', async () => {
    renderPayments(40);
    expect(await dayRows()).toBe(CASH_UP_DAYS_SHOWN);
    // The period's total is the whole period's, not the days shown.
    expect(screen.getByText('₦4,000.00')).toBeInTheDocument();
    await userEvent.setup({ delay: null }).click(screen.getByRole('button', { name: 'Show all 40 days' }));
    expect(await dayRows()).toBe(40);
    expect(screen.queryByRole('button', { name: /Show all/ })).not.toBeInTheDocument();
  });

  it('shows a short period whole, with nothing more to show', async () => {
    renderPayments(3);
    expect(await dayRows()).toBe(3);
    expect(screen.queryByRole('button', { name: /Show all/ })).not.toBeInTheDocument();
  });
});
