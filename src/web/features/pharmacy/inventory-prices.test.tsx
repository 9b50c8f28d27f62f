import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { signedIn, STAFF_USER, withSession } from '../../app/testing/session-fixtures';
import { answer, fakeApi, type FakeHandler } from '../../lib/testing/fake-api';
import { medicationPricesEndpoint, setMedicationPriceEndpoint } from '../../../shared/api/prices';
import InventoryPage from './inventory-page';
import { addMedicationEndpoint } from '../../../shared/api/pharmacy';
import { inventory, medication, medicationGroups, pharmacist, stockWritten } from './testing/pharmacy-fixtures';

vi.setConfig({ testTimeout: 20_000 });

/** Issue 34 §1: the inventory shows each medication's price, and Add Medication and Price set it. */
let api: ReturnType<typeof fakeApi>;
let user: ReturnType<typeof userEvent.setup>;
const paracetamol = medication();
const amoxil = medication({ id: 'm-2', name: 'Amoxicillin', batchNumber: 'AMX-9' });
const prices = [
  { key: 'paracetamol', name: 'Paracetamol', priceKobo: 2550 },
  { key: 'amoxicillin', name: 'Amoxicillin', priceKobo: null },
];
const added = stockWritten(addMedicationEndpoint, paracetamol, 'Medication added successfully!');
const routes = (extra: Record<string, FakeHandler> = {}) => ({
  'GET /inventory/medications': () => inventory([paracetamol, amoxil]),
  'GET /inventory/medications/groups': () => medicationGroups([]),
  'GET /inventory/prices': () => answer(medicationPricesEndpoint, { medications: prices }),
  'POST /inventory/medications': () => added,
  'PUT /inventory/prices': () =>
    answer(setMedicationPriceEndpoint, { medication: prices[0]!, changed: true }, 'Price saved'),
  ...extra,
});
const renderPage = (as = pharmacist) => render(withSession(signedIn(as), '/user/inventory', <InventoryPage />).ui);
const writes = () => api.calls.filter((c) => c.method !== 'GET').map((c) => `${c.method} ${c.path}`);

async function fillBatch(dialog: HTMLElement, name: string, price: string) {
  await user.type(within(dialog).getByLabelText(/Medication name/), name);
  await user.type(within(dialog).getByLabelText(/Batch number/), 'B-7');
  await user.type(within(dialog).getByLabelText(/Vendor/), 'Emzor');
  await user.type(within(dialog).getByLabelText(/Expiry date/), '2027-01-31');
  await user.type(within(dialog).getByLabelText(/^Quantity/), '100');
  await user.type(within(dialog).getByLabelText(/Reorder level/), '20');
  if (price) await user.type(within(dialog).getByLabelText(/Price/), price);
}

async function openAdd() {
  await screen.findByText('₦25.50');
  await user.click(screen.getByRole('button', { name: 'Add Medication' }));
  return screen.getByRole('dialog', { name: 'Add Medication' });
}

beforeEach(() => {
  user = userEvent.setup({ delay: null });
});
afterEach(() => api.restore());

describe('Inventory prices', () => {
  it("shows each medication's price, and 'No price' for one without", async () => {
    api = fakeApi(routes());
    renderPage();
    const table = await screen.findByRole('table', { name: 'Medications' });
    expect((await within(table).findByText('₦25.50')).closest('tr')).toHaveTextContent('Paracetamol');
    expect(within(table).getByText('Amoxicillin').closest('tr')).toHaveTextContent('No price');
  });

  it('Add Medication shows the current price of the name typed, and sets a new price before the batch', async () => {
    api = fakeApi(routes());
    renderPage();
    const dialog = await openAdd();
    expect(dialog).toHaveTextContent('Per unit, as the invoice charges it. Leave empty to price it later.');
    await user.type(within(dialog).getByLabelText(/Medication name/), 'paracetamol ');
    expect(dialog).toHaveTextContent('Current price: ₦25.50. Leave empty to keep it.');
    await user.clear(within(dialog).getByLabelText(/Medication name/));
    await fillBatch(dialog, 'Ciprofloxacin', '1.234');
    expect(dialog).toHaveTextContent('No price yet: without one it is invoiced at ₦0.00.');
    await user.click(within(dialog).getByRole('button', { name: 'Add Medication' }));
    expect(within(dialog).getByText('Price must be an amount in naira with at most 2 decimals')).toBeInTheDocument();
    expect(writes()).toEqual([]);
    await user.clear(within(dialog).getByLabelText(/Price/));
    await user.type(within(dialog).getByLabelText(/Price/), '1,200');
    await user.click(within(dialog).getByRole('button', { name: 'Add Medication' }));
    expect(await screen.findByText('Medication added successfully! Price: ₦1,200.00.')).toBeInTheDocument();
    expect(writes()).toEqual(['PUT /inventory/prices', 'POST /inventory/medications']);
    expect(api.calls.find((c) => c.method === 'PUT')!.body).toEqual({ name: 'Ciprofloxacin', price: '1,200' });
  });

  it("a refused price adds no batch: checked here first, then the server's refusal shown in the dialog", async () => {
    const refusal = 'Access denied. You do not have permission to set medication prices.';
    api = fakeApi(
      routes({ 'PUT /inventory/prices': () => ({ status: 403, body: { success: false, message: refusal } }) }),
    );
    renderPage();
    const dialog = await openAdd();
    await fillBatch(dialog, 'Ciprofloxacin', '100000001');
    await user.click(within(dialog).getByRole('button', { name: 'Add Medication' }));
    expect(within(dialog).getByText('Price is too large')).toBeInTheDocument();
    expect(writes()).toEqual([]);
    await user.clear(within(dialog).getByLabelText(/Price/));
    await user.type(within(dialog).getByLabelText(/Price/), '5000');
    await user.click(within(dialog).getByRole('button', { name: 'Add Medication' }));
    expect(await within(dialog).findByText(refusal)).toBeInTheDocument();
    expect(writes()).toEqual(['PUT /inventory/prices']);
  });

  it('adds a batch without touching a price left empty or typed as it already is', async () => {
    api = fakeApi(routes());
    renderPage();
    let dialog = await openAdd();
    await fillBatch(dialog, 'Paracetamol', '25.50');
    await user.click(within(dialog).getByRole('button', { name: 'Add Medication' }));
    expect(await screen.findByText('Medication added successfully!')).toBeInTheDocument();
    dialog = await openAdd();
    await fillBatch(dialog, 'Zinc', '');
    await user.click(within(dialog).getByRole('button', { name: 'Add Medication' }));
    await vi.waitFor(() => expect(writes()).toEqual(['POST /inventory/medications', 'POST /inventory/medications']));
  });

  it('Price sets the price of a medication for all its batches', async () => {
    api = fakeApi(routes());
    renderPage();
    await screen.findByText('₦25.50');
    await user.click(screen.getByRole('button', { name: 'Set price of Paracetamol PCM-001' }));
    const dialog = screen.getByRole('dialog', { name: 'Set Price' });
    expect(dialog).toHaveTextContent('Paracetamol: current price ₦25.50.');
    const field = within(dialog).getByLabelText(/Price/);
    expect(field).toHaveValue('25.50');
    await user.clear(field);
    await user.click(within(dialog).getByRole('button', { name: 'Save Price' }));
    expect(within(dialog).getByText('Price is required')).toBeInTheDocument();
    await user.type(field, '30');
    await user.click(within(dialog).getByRole('button', { name: 'Save Price' }));
    expect(await screen.findByText('Price saved: Paracetamol, ₦30.00')).toBeInTheDocument();
    expect(api.calls.find((c) => c.method === 'PUT')!.body).toEqual({ name: 'Paracetamol', price: '30' });
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('says when the prices cannot be loaded, and loads them again', async () => {
    let fail = true;
    api = fakeApi(
      routes({
        'GET /inventory/prices': () =>
          fail
            ? { status: 500, body: { success: false, message: 'Database unavailable' } }
            : answer(medicationPricesEndpoint, { medications: prices }),
      }),
    );
    renderPage();
    expect(await screen.findByRole('alert')).toHaveTextContent('Database unavailable');
    expect(await screen.findAllByText('—')).toHaveLength(2);
    fail = false;
    await user.click(screen.getByRole('button', { name: 'Load prices again' }));
    expect(await screen.findByText('₦25.50')).toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('shows a doctor the prices without Price', async () => {
    api = fakeApi(routes());
    renderPage(STAFF_USER);
    expect(await screen.findByText('₦25.50')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Set price/ })).not.toBeInTheDocument();
  });
});
