import { render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ADMIN_USER, signedIn, withSession } from '../../app/testing/session-fixtures';
import { hmosEndpoint } from '../../../shared/api/billing';
import { answer, fakeApi, routeOf } from '../../lib/testing/fake-api';
import AdminProvidersPage from './admin-providers-page';

vi.setConfig({ testTimeout: 20_000 });
let api: ReturnType<typeof fakeApi>;
const renderPage = () => render(withSession(signedIn(ADMIN_USER), '/admin/providers', <AdminProvidersPage />).ui);
afterEach(() => api.restore());
const hygeia = {
  id: 'h1',
  name: 'Hygeia HMO',
  code: 'HYG',
  contact: null,
  coverage: { consultation: 80, medication: 50, lab: 70 },
  active: true,
  updatedAt: '2026-11-20T09:00:00.000Z',
  enrollees: 3,
};

describe('/admin/providers', () => {
  it("says 'not available yet' when the server has no HMO endpoint (404), with no made-up providers", async () => {
    api = fakeApi({});
    renderPage();
    expect(await screen.findByText('HMO providers are not available yet')).toBeInTheDocument();
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
  });

  it('lists the providers the server has', async () => {
    api = fakeApi({
      [routeOf(hmosEndpoint)]: () => answer(hmosEndpoint, { hmos: [hygeia] }),
    });
    renderPage();
    const table = screen.getByRole('table', { name: 'HMO providers' });
    expect(await within(table).findByText('Hygeia HMO')).toBeInTheDocument();
  });

  it("shows the empty state and the server's failure", async () => {
    api = fakeApi({ [routeOf(hmosEndpoint)]: () => answer(hmosEndpoint, { hmos: [] }) });
    renderPage();
    expect(await screen.findByText('No HMO providers yet')).toBeInTheDocument();
    api.restore();
    api = fakeApi({
      'GET /billing/hmos': () => ({ status: 500, body: { success: false, message: 'Ledger unavailable' } }),
    });
    renderPage();
    expect(await screen.findByText('Ledger unavailable')).toBeInTheDocument();
  });
});
