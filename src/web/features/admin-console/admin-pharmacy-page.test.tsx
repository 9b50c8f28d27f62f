import { render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ADMIN_USER, signedIn, withSession } from '../../app/testing/session-fixtures';
import { pharmacyStatsEndpoint } from '../../../shared/api/dispensing';
import { medicationsEndpoint, type StockStatus } from '../../../shared/api/pharmacy';
import { answer, fakeApi, routeOf } from '../../lib/testing/fake-api';
import AdminPharmacyPage from './admin-pharmacy-page';

vi.setConfig({ testTimeout: 20_000 });

let api: ReturnType<typeof fakeApi>;
const batch = (
  id: string,
  name: string,
  stockQuantity: number,
  status: StockStatus,
  expiryDate: string,
  expiringSoon = false,
) => ({
  id,
  name,
  batchNumber: `B-${id}`,
  vendor: 'Emzor',
  expiryDate,
  stockQuantity,
  reorderLevel: 20,
  status,
  expired: false,
  expiringSoon,
  version: 1,
  updatedAt: '2026-11-01T00:00:00Z',
});
const medications = [
  batch('1', 'Paracetamol 500mg', 200, 'In Stock', '2028-01-01'),
  batch('2', 'Amoxicillin 250mg', 5, 'Low Stock', '2027-06-01'),
  batch('3', 'Artemether', 0, 'Out of Stock', '2027-06-01'),
  batch('4', 'Ibuprofen 400mg', 80, 'In Stock', '2026-12-15', true),
];
const stats = answer(pharmacyStatsEndpoint, {
  pendingPrescriptions: 4,
  dispensedToday: 7,
  dispensedTotal: 90,
  lowStock: 2,
  recentDispensations: [],
});
const renderPage = () => render(withSession(signedIn(ADMIN_USER), '/admin/pharmacy', <AdminPharmacyPage />).ui);
afterEach(() => api.restore());

describe('/admin/pharmacy', () => {
  it('shows stock alerts lowest first, batches expiring within 90 days and dispensing today', async () => {
    api = fakeApi({
      [routeOf(medicationsEndpoint)]: () =>
        answer(medicationsEndpoint, {
          medications,
          summary: { total: 4, inStock: 2, lowStock: 1, outOfStock: 1, expiringSoon: 1 },
        }),
      [routeOf(pharmacyStatsEndpoint)]: () => stats,
    });
    renderPage();
    expect(screen.getAllByText('Loading stock...')).toHaveLength(2);
    const alerts = screen.getByRole('table', { name: 'Low and out of stock' });
    await within(alerts).findByText('Artemether');
    const names = within(alerts)
      .getAllByRole('row')
      .slice(1)
      .map((r) => within(r).getAllByRole('cell')[0]!.textContent);
    expect(names).toEqual(['MedicationArtemether', 'MedicationAmoxicillin 250mg']);
    expect(within(alerts).queryByText('Paracetamol 500mg')).not.toBeInTheDocument();
    const expiring = screen.getByRole('table', { name: 'Expiring within 90 days' });
    expect(within(expiring).getByText('Ibuprofen 400mg')).toBeInTheDocument();
    expect(within(expiring).queryByText('Artemether')).not.toBeInTheDocument();
    expect(await screen.findByRole('group', { name: 'Dispensed today' })).toHaveTextContent('7');
    expect(screen.getByRole('group', { name: 'Out of stock' })).toHaveTextContent('1');
  });

  it('says so when the pharmacy has no stock yet', async () => {
    api = fakeApi({
      [routeOf(medicationsEndpoint)]: () =>
        answer(medicationsEndpoint, {
          medications: [],
          summary: { total: 0, inStock: 0, lowStock: 0, outOfStock: 0, expiringSoon: 0 },
        }),
      [routeOf(pharmacyStatsEndpoint)]: () => stats,
    });
    renderPage();
    expect(await screen.findByText('No medications in stock yet')).toBeInTheDocument();
    expect(screen.getByText('No batch expires within 90 days')).toBeInTheDocument();
  });

  it("shows the server's message when stock and dispensing cannot be read", async () => {
    api = fakeApi({
      'GET /inventory/medications': () => ({
        status: 403,
        body: { success: false, message: 'Pharmacy is turned off' },
      }),
      [routeOf(pharmacyStatsEndpoint)]: () => ({ status: 500 }),
    });
    renderPage();
    expect(await screen.findAllByText('Pharmacy is turned off')).toHaveLength(2);
    expect(await screen.findByText('Failed to fetch dispensation data')).toBeInTheDocument();
  });
});
