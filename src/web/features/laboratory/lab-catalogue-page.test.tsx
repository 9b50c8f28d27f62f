import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { signedIn, STAFF_USER, withSession } from '../../app/testing/session-fixtures';
import { answer, deferred, fakeApi, routeOf, type FakeReply } from '../../lib/testing/fake-api';
import type { SessionUser } from '../../lib/session';
import { labCatalogueEndpoint, setLabTestPriceEndpoint, type LabTestPrice } from '../../../shared/api/prices';
import LabCataloguePage from './lab-catalogue-page';

vi.setConfig({ testTimeout: 20_000 });

const labStaff: SessionUser = { ...STAFF_USER, id: 'l-1', role: 'lab_technician', roleId: 4 };
const fbc: LabTestPrice = { code: 'FBC', name: 'Full Blood Count', priceKobo: null };
const mps: LabTestPrice = { code: 'MPS', name: 'Malaria Parasite', priceKobo: 150_000 };
const GET = routeOf(labCatalogueEndpoint);
const PUT_FBC = routeOf(setLabTestPriceEndpoint, { code: 'FBC' });

let api: ReturnType<typeof fakeApi>;
let user: ReturnType<typeof userEvent.setup>;
const renderPage = (as = labStaff) => render(withSession(signedIn(as), '/user/lab-catalogue', <LabCataloguePage />).ui);
const table = () => screen.getByRole('table', { name: 'Lab test catalogue' });
const puts = () => api.calls.filter((c) => c.method === 'PUT');

beforeEach(() => {
  user = userEvent.setup({ delay: null });
});
afterEach(() => api.restore());

describe('Test Catalogue', () => {
  it('shows loading, then each test with its price, and counts those without one', async () => {
    const reply = deferred<Awaited<FakeReply>>();
    api = fakeApi({ [GET]: () => reply.promise });
    renderPage();
    expect(screen.getByText('Loading the lab catalogue...')).toBeInTheDocument();
    reply.resolve(answer(labCatalogueEndpoint, { tests: [fbc, mps] }));
    const row = (await within(await screen.findByRole('table')).findByText('Full Blood Count')).closest('tr')!;
    expect(row).toHaveTextContent('FBC');
    expect(row).toHaveTextContent('No price');
    expect(within(table()).getByLabelText('Price of Malaria Parasite (₦)')).toHaveValue('1500.00');
    expect(screen.getByText('1 test has no price yet: they are invoiced at ₦0.00.')).toBeInTheDocument();
  });

  it('sets a price with Enter, says so, and reloads the catalogue', async () => {
    let priced = false;
    api = fakeApi({
      [GET]: () => answer(labCatalogueEndpoint, { tests: [priced ? { ...fbc, priceKobo: 450_000 } : fbc, mps] }),
      [PUT_FBC]: () => {
        priced = true;
        return answer(setLabTestPriceEndpoint, { test: { ...fbc, priceKobo: 450_000 }, changed: true }, 'Price saved');
      },
    });
    renderPage();
    const field = await screen.findByLabelText('Price of Full Blood Count (₦)');
    await user.type(field, '4,500{Enter}');
    expect(await screen.findByText('Full Blood Count: ₦4,500.00')).toBeInTheDocument();
    expect(puts()).toHaveLength(1);
    expect(puts()[0]!.body).toEqual({ price: '4,500' });
    expect(await screen.findByDisplayValue('4500.00')).toBeInTheDocument();
    expect(screen.queryByText(/no price yet/)).not.toBeInTheDocument();
  });

  it("checks the price before calling and shows the server's refusal under the field", async () => {
    api = fakeApi({
      [GET]: () => answer(labCatalogueEndpoint, { tests: [fbc] }),
      [PUT_FBC]: () => ({
        status: 403,
        body: { success: false, message: 'Access denied. You do not have permission to set lab test prices.' },
      }),
    });
    renderPage();
    const field = await screen.findByLabelText('Price of Full Blood Count (₦)');
    await user.type(field, '12.345');
    await user.click(screen.getByRole('button', { name: 'Save price of Full Blood Count' }));
    expect(screen.getByRole('alert')).toHaveTextContent('Price must be an amount in naira with at most 2 decimals');
    expect(field).toHaveAttribute('aria-invalid', 'true');
    expect(puts()).toHaveLength(0);
    await user.clear(field);
    await user.type(field, '4500{Enter}');
    expect(await screen.findByText('Access denied. You do not have permission to set lab test prices.')).toBeVisible();
  });

  it('shows a failure with a retry, then the empty catalogue', async () => {
    let fail = true;
    api = fakeApi({
      [GET]: () =>
        fail
          ? { status: 500, body: { success: false, message: 'Database unavailable' } }
          : answer(labCatalogueEndpoint, { tests: [] }),
    });
    renderPage();
    expect(await screen.findByRole('alert')).toHaveTextContent('Database unavailable');
    fail = false;
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('No lab tests in the catalogue')).toBeInTheDocument();
  });

  it('shows a doctor the prices without a way to change them', async () => {
    api = fakeApi({ [GET]: () => answer(labCatalogueEndpoint, { tests: [fbc, mps] }) });
    renderPage(STAFF_USER);
    const row = (await screen.findByText('Malaria Parasite')).closest('tr')!;
    expect(row).toHaveTextContent('₦1,500.00');
    expect(screen.queryByRole('textbox')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Save price/ })).not.toBeInTheDocument();
  });
});
