import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { signedIn, STAFF_USER, withSession } from '../../app/testing/session-fixtures';
import { answer, fakeApi, type FakeHandler } from '../../lib/testing/fake-api';
import { medicationPricesEndpoint } from '../../../shared/api/prices';
import InventoryPage from './inventory-page';
import { addMedicationEndpoint, adjustStockEndpoint, receiveStockEndpoint } from '../../../shared/api/pharmacy';
import { inventory, medication, medicationGroups, pharmacist, stockWritten } from './testing/pharmacy-fixtures';

vi.setConfig({ testTimeout: 20_000 });

let api: ReturnType<typeof fakeApi>;
let user: ReturnType<typeof userEvent.setup>;
const paracetamol = medication();
const amoxil = medication({
  id: 'm-2',
  name: 'Amoxicillin',
  batchNumber: 'AMX-9',
  vendor: 'Fidson',
  stockQuantity: 3,
  status: 'Low Stock',
  expiringSoon: true,
});
const zinc = medication({ id: 'm-3', name: 'Zinc', batchNumber: 'ZN-1', stockQuantity: 0, status: 'Out of Stock' });
const groups = medicationGroups([
  {
    medicationId: 'm-2',
    name: 'Amoxicillin',
    batches: 2,
    stockQuantity: 13,
    reorderLevel: 10,
    nextExpiry: '2026-12-01',
    status: 'In Stock',
  },
]);
const routes = (extra: Record<string, FakeHandler> = {}) => ({
  'GET /inventory/medications': () => inventory([paracetamol, amoxil, zinc]),
  'GET /inventory/prices': () => answer(medicationPricesEndpoint, { medications: [] }),
  'GET /inventory/medications/groups': () => groups,
  ...extra,
});
const metric = (label: string) => within(screen.getByRole('group', { name: label })).getByTestId('metric-value');
const stockCalls = () => api.calls.filter((c) => c.method === 'GET' && c.path === '/inventory/medications');
const renderPage = (as = pharmacist) => render(withSession(signedIn(as), '/user/inventory', <InventoryPage />).ui);

beforeEach(() => {
  user = userEvent.setup({ delay: null });
});
afterEach(() => api.restore());

describe('Inventory', () => {
  it('shows the metrics and every batch with its status badge', async () => {
    api = fakeApi(routes());
    renderPage();
    const table = await screen.findByRole('table', { name: 'Medications' });
    const row = (await within(table).findByText('Amoxicillin')).closest('tr')!;
    expect(row).toHaveTextContent('AMX-9');
    expect(row).toHaveTextContent('Fidson');
    expect(within(row).getByText('Low Stock')).toBeInTheDocument();
    expect(within(within(table).getByText('Zinc').closest('tr')!).getByText('Out of Stock')).toBeInTheDocument();
    expect(within(within(table).getByText('Paracetamol').closest('tr')!).getByText('In Stock')).toBeInTheDocument();
    expect(metric('Total Medications')).toHaveTextContent('3');
    expect(metric('Low Stock')).toHaveTextContent('1');
    expect(metric('Out of Stock')).toHaveTextContent('1');
    expect(metric('Expiring Soon')).toHaveTextContent('1');
  });

  it('narrows the table by name, batch or vendor while the metrics stay the totals', async () => {
    api = fakeApi(routes());
    renderPage();
    await screen.findByText('Paracetamol');
    await user.type(screen.getByLabelText('Search medications'), 'fidson');
    const table = screen.getByRole('table', { name: 'Medications' });
    expect(within(table).getByText('Amoxicillin')).toBeInTheDocument();
    expect(within(table).queryByText('Paracetamol')).not.toBeInTheDocument();
    expect(metric('Total Medications')).toHaveTextContent('3');
    await user.clear(screen.getByLabelText('Search medications'));
    await user.type(screen.getByLabelText('Search medications'), 'nothing like it');
    expect(screen.getByText('No medications match your search')).toBeInTheDocument();
  });

  it('shows the batches 20 a page, the metrics over all of them, and a search over every page from page 1', async () => {
    // 45 batches, named so that their order (name, then expiry) is their number's.
    const batches = Array.from({ length: 45 }, (_, i) =>
      medication({ id: `b-${i + 1}`, name: `Drug ${String(i + 1).padStart(2, '0')}`, batchNumber: `BN-${i + 1}` }),
    );
    api = fakeApi(routes({ 'GET /inventory/medications': () => inventory(batches) }));
    renderPage();
    const table = await screen.findByRole('table', { name: 'Medications' });
    await within(table).findByText('Drug 01');
    const names = () =>
      within(table)
        .getAllByText(/^Drug \d+$/u)
        .map((cell) => cell.textContent);
    expect(names()).toEqual(batches.slice(0, 20).map((b) => b.name));
    expect(metric('Total Medications')).toHaveTextContent('45');
    const pages = screen.getByRole('navigation', { name: 'Medications pages' });
    await user.click(within(pages).getByRole('button', { name: 'Page 3' }));
    expect(names()).toEqual(batches.slice(40).map((b) => b.name));
    // Drug 05 is on page 1: a search finds it from page 3, and shows its page of matches.
    await user.type(screen.getByLabelText('Search medications'), 'Drug 05');
    expect(names()).toEqual(['Drug 05']);
    expect(screen.queryByRole('navigation', { name: 'Medications pages' })).not.toBeInTheDocument();
  });

  it('switches to Group Medications', async () => {
    api = fakeApi(routes());
    renderPage();
    await screen.findByText('Paracetamol');
    await user.click(screen.getByRole('tab', { name: 'Group Medications' }));
    const table = await screen.findByRole('table', { name: 'Group medications' });
    const row = within(table).getByText('Amoxicillin').closest('tr')!;
    expect(row).toHaveTextContent('2');
    expect(row).toHaveTextContent('13');
    expect(row).toHaveTextContent('1 Dec 2026');
    // The formulary's mapping to WHO ATC, as the FHIR export codes it.
    expect(within(row).getByText('J01CA04')).toHaveAttribute('title', 'amoxicillin');
    expect(screen.queryByRole('table', { name: 'Medications' })).not.toBeInTheDocument();
  });

  it("says 'No medications in stock yet' for an empty inventory, and shows a failure with a retry", async () => {
    let fail = true;
    api = fakeApi(
      routes({
        'GET /inventory/medications': () =>
          fail ? { status: 500, body: { success: false, message: 'Database unavailable' } } : inventory([]),
      }),
    );
    renderPage();
    expect(await screen.findByRole('alert')).toHaveTextContent('Database unavailable');
    expect(metric('Total Medications')).toHaveTextContent('—');
    fail = false;
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('No medications in stock yet')).toBeInTheDocument();
    expect(metric('Total Medications')).toHaveTextContent('0');
  });

  it('checks Add Medication before calling, then adds the batch and reloads', async () => {
    let added = false;
    api = fakeApi(
      routes({
        'GET /inventory/medications': () =>
          inventory(
            added ? [paracetamol, amoxil, zinc, medication({ id: 'm-4', name: 'Ciprofloxacin' })] : [paracetamol],
          ),
        'POST /inventory/medications': () => {
          added = true;
          return stockWritten(addMedicationEndpoint, paracetamol, 'Medication added successfully!');
        },
      }),
    );
    renderPage();
    await screen.findByText('Paracetamol');
    await user.click(screen.getByRole('button', { name: 'Add Medication' }));
    const dialog = screen.getByRole('dialog', { name: 'Add Medication' });
    await user.click(within(dialog).getByRole('button', { name: 'Add Medication' }));
    for (const message of [
      'Medication name is required',
      'Batch number is required',
      'Vendor is required',
      'Expiry date is required',
      'Quantity is required',
      'Reorder level is required',
    ]) {
      expect(within(dialog).getByText(message)).toBeInTheDocument();
    }
    expect(api.calls.filter((c) => c.method === 'POST')).toHaveLength(0);
    await user.type(within(dialog).getByLabelText(/Medication name/), 'Ciprofloxacin');
    await user.type(within(dialog).getByLabelText(/Batch number/), 'CIP-22');
    await user.type(within(dialog).getByLabelText(/Vendor/), 'May & Baker');
    await user.type(within(dialog).getByLabelText(/Expiry date/), '2027-01-31');
    await user.type(within(dialog).getByLabelText(/^Quantity/), '100');
    await user.type(within(dialog).getByLabelText(/Reorder level/), '20');
    await user.click(within(dialog).getByRole('button', { name: 'Add Medication' }));
    expect(await screen.findByText('Medication added successfully!')).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(api.calls.find((c) => c.method === 'POST')!.body).toEqual({
      name: 'Ciprofloxacin',
      batchNumber: 'CIP-22',
      vendor: 'May & Baker',
      expiryDate: '2027-01-31',
      quantity: 100,
      reorderLevel: 20,
    });
    expect(await screen.findByText('Ciprofloxacin')).toBeInTheDocument();
    expect(stockCalls().length).toBe(2);
  });

  it("receives stock into a batch, showing the server's field message when it refuses", async () => {
    let refuse = true;
    api = fakeApi(
      routes({
        'POST /inventory/medications/m-1/receipts': () =>
          refuse
            ? {
                status: 400,
                body: {
                  success: false,
                  message: 'Validation failed',
                  errors: [{ field: 'quantity', message: 'Quantity is too large' }],
                },
              }
            : stockWritten(receiveStockEndpoint, paracetamol, 'Stock received successfully!'),
      }),
    );
    renderPage();
    await screen.findByText('Paracetamol');
    await user.click(screen.getByRole('button', { name: 'Receive stock of Paracetamol PCM-001' }));
    const dialog = screen.getByRole('dialog', { name: 'Receive Stock' });
    expect(dialog).toHaveTextContent('Paracetamol, batch PCM-001: 40 in stock.');
    await user.click(within(dialog).getByRole('button', { name: 'Receive Stock' }));
    expect(within(dialog).getByText('Quantity is required')).toBeInTheDocument();
    await user.type(within(dialog).getByLabelText(/Quantity received/), '9999999');
    await user.click(within(dialog).getByRole('button', { name: 'Receive Stock' }));
    expect(await within(dialog).findByText('Quantity is too large')).toBeInTheDocument();
    refuse = false;
    await user.clear(within(dialog).getByLabelText(/Quantity received/));
    await user.type(within(dialog).getByLabelText(/Quantity received/), '24');
    await user.type(within(dialog).getByLabelText(/Note/), 'Invoice 778');
    await user.click(within(dialog).getByRole('button', { name: 'Receive Stock' }));
    expect(await screen.findByText('Stock received successfully!')).toBeInTheDocument();
    expect(api.calls.filter((c) => c.method === 'POST').at(-1)!.body).toEqual({ quantity: 24, reason: 'Invoice 778' });
  });

  it('adjusts with a signed, non-zero quantity and a reason', async () => {
    api = fakeApi(
      routes({
        'POST /inventory/medications/m-2/adjustments': () =>
          stockWritten(adjustStockEndpoint, amoxil, 'Stock adjusted successfully!'),
      }),
    );
    renderPage();
    await screen.findByText('Amoxicillin');
    await user.click(screen.getByRole('button', { name: 'Adjust Amoxicillin AMX-9' }));
    const dialog = screen.getByRole('dialog', { name: 'Adjust Stock' });
    await user.type(within(dialog).getByLabelText(/Quantity change/), '0');
    await user.click(within(dialog).getByRole('button', { name: 'Save Adjustment' }));
    expect(within(dialog).getByText('Quantity must not be zero')).toBeInTheDocument();
    expect(within(dialog).getByText('Reason is required')).toBeInTheDocument();
    await user.clear(within(dialog).getByLabelText(/Quantity change/));
    await user.type(within(dialog).getByLabelText(/Quantity change/), '-2');
    await user.type(within(dialog).getByLabelText(/Reason/), 'Broken bottles');
    await user.click(within(dialog).getByRole('button', { name: 'Save Adjustment' }));
    expect(await screen.findByText('Stock adjusted successfully!')).toBeInTheDocument();
    expect(api.calls.find((c) => c.method === 'POST')!.body).toEqual({ quantity: -2, reason: 'Broken bottles' });
  });

  it('lets a doctor look without Add Medication, Receive or Adjust', async () => {
    api = fakeApi(routes());
    renderPage(STAFF_USER);
    await screen.findByText('Paracetamol');
    expect(screen.queryByRole('button', { name: 'Add Medication' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Receive stock/ })).not.toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('columnheader', { name: 'Actions' })).not.toBeInTheDocument());
  });
});
