import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ADMIN_USER, signedIn, withSession } from '../../app/testing/session-fixtures';
import { deferred, fakeApi } from '../../lib/testing/fake-api';
import AdminPatientsPage from './admin-patients-page';
import { femi, kemi, patientsPage } from './testing/admin-fixtures';

vi.setConfig({ testTimeout: 20_000 });

let api: ReturnType<typeof fakeApi>;
const listCalls = () => api.calls.filter((c) => c.method === 'GET' && c.path === '/patients');
const renderPage = () => render(withSession(signedIn(ADMIN_USER), '/admin/patients', <AdminPatientsPage />).ui);
afterEach(() => api.restore());

describe('/admin/patients', () => {
  it('shows loading, then every patient with status, who registered them and a link to their history', async () => {
    const reply = deferred<ReturnType<typeof patientsPage>>();
    api = fakeApi({ 'GET /patients': () => reply.promise });
    renderPage();
    expect(screen.getByText('Loading patients...')).toBeInTheDocument();
    reply.resolve(patientsPage([kemi, femi], 42, 5));
    const table = screen.getByRole('table', { name: 'All patients' });
    const row = (await within(table).findByText('Kemi Adeyemi')).closest('tr')!;
    expect(within(row).getByText('PAT100000001')).toBeInTheDocument();
    expect(within(row).getByText('Waiting')).toBeInTheDocument();
    expect(within(row).getByText('Bola Ade')).toBeInTheDocument();
    expect(within(row).getByRole('link', { name: 'History of Kemi Adeyemi' })).toHaveAttribute(
      'href',
      '/admin/audit/patients/p-1',
    );
    const other = within(table).getByText('Femi Okoro').closest('tr')!;
    expect(within(other).getByText('Seen')).toBeInTheDocument();
    expect(within(other).getByText('—')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'All Patients (42)' })).toBeInTheDocument();
    expect(listCalls()[0]!.query.get('limit')).toBe('10');
  });

  it('filters by the chosen status chip from page 1', async () => {
    const user = userEvent.setup({ delay: null });
    api = fakeApi({
      'GET /patients': (call) =>
        call.query.get('status') === 'seen' ? patientsPage([femi]) : patientsPage([kemi, femi]),
    });
    renderPage();
    await screen.findByText('Kemi Adeyemi');
    const chips = screen.getByRole('radiogroup', { name: 'Filter by status' });
    expect(within(chips).getByRole('radio', { name: 'All Statuses' })).toBeChecked();
    await user.click(within(chips).getByRole('radio', { name: 'Seen' }));
    await waitFor(() => expect(screen.queryByText('Kemi Adeyemi')).not.toBeInTheDocument(), { timeout: 3000 });
    expect(screen.getByText('Femi Okoro')).toBeInTheDocument();
    expect(listCalls().at(-1)!.query.get('status')).toBe('seen');
    expect(listCalls().at(-1)!.query.get('page')).toBe('1');
  });

  it("says 'No patients registered yet' for an empty hospital", async () => {
    api = fakeApi({ 'GET /patients': () => patientsPage([]) });
    renderPage();
    expect(await screen.findByText('No patients registered yet')).toBeInTheDocument();
  });

  it("shows the server's message and retries when the list cannot be read", async () => {
    const user = userEvent.setup({ delay: null });
    let fail = true;
    api = fakeApi({
      'GET /patients': () =>
        fail ? { status: 500, body: { success: false, message: 'Database unavailable' } } : patientsPage([kemi]),
    });
    renderPage();
    expect(await screen.findByText('Database unavailable')).toBeInTheDocument();
    fail = false;
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('Kemi Adeyemi')).toBeInTheDocument();
  });
});
