import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { signedIn, withSession } from '../../app/testing/session-fixtures';
import { deferred, fakeApi } from '../../lib/testing/fake-api';
import PatientsPage from './patients-page';
import type { SessionUser } from '../../lib/session';
import { chioma, deletedAnswer, page, receptionist } from './testing/patients-fixtures';

vi.setConfig({ testTimeout: 20_000 });

let api: ReturnType<typeof fakeApi>;
let user: ReturnType<typeof userEvent.setup>;
const listCalls = () => api.calls.filter((c) => c.method === 'GET' && c.path === '/patients');
const renderPage = (as: SessionUser = receptionist) =>
  render(withSession(signedIn(as), '/user/patients', <PatientsPage />).ui);

beforeEach(() => {
  user = userEvent.setup({ delay: null });
});
afterEach(() => api.restore());

describe('Patients list', () => {
  it("shows 'Loading patients...', then the rows and 'Showing X to Y of Z patients'", async () => {
    const reply = deferred<ReturnType<typeof page>>();
    api = fakeApi({ 'GET /patients': () => reply.promise });
    renderPage();
    expect(screen.getByText('Loading patients...')).toBeInTheDocument();
    reply.resolve(page([chioma], 21));
    const table = screen.getByRole('table', { name: 'Patients' });
    const row = (await within(table).findByText('PAT123456789')).closest('tr')!;
    expect(within(row).getByText('Chioma Nwosu')).toBeInTheDocument();
    expect(within(row).getByText('Waiting')).toBeInTheDocument();
    expect(within(row).getByRole('button', { name: 'Delete Chioma Nwosu' })).toBeInTheDocument();
    expect(screen.getByText('Showing 1 to 1 of 21 patients')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Patients (21)' })).toBeInTheDocument();
    expect(listCalls()[0]!.query.get('limit')).toBe('10');
  });

  it("says 'No patients registered yet' for an empty hospital", async () => {
    api = fakeApi({ 'GET /patients': () => page([]) });
    renderPage();
    expect(await screen.findByText('No patients registered yet')).toBeInTheDocument();
  });

  it("searches once after typing stops, from page 1, and says 'No patients found matching your search'", async () => {
    api = fakeApi({ 'GET /patients': (call) => (call.query.get('search') ? page([]) : page([chioma], 30)) });
    renderPage();
    await screen.findByText('Chioma Nwosu');
    await user.click(screen.getByRole('button', { name: 'Page 2' }));
    await waitFor(() => expect(listCalls().at(-1)!.query.get('page')).toBe('2'));
    await user.type(screen.getByLabelText('Search patients'), '0803');
    expect(
      await screen.findByText('No patients found matching your search', {}, { timeout: 3000 }),
    ).toBeInTheDocument();
    const searches = listCalls().filter((c) => c.query.get('search'));
    expect(searches.map((c) => c.query.get('search'))).toEqual(['0803']);
    expect(searches[0]!.query.get('page')).toBe('1');
  });

  it("shows the server's message and a retry when the list cannot be fetched", async () => {
    let fail = true;
    api = fakeApi({
      'GET /patients': () =>
        fail ? { status: 500, body: { success: false, message: 'Database unavailable' } } : page([chioma]),
    });
    renderPage();
    expect(await screen.findByText('Database unavailable')).toBeInTheDocument();
    fail = false;
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('Chioma Nwosu')).toBeInTheDocument();
  });

  it('deletes after the confirmation and reloads the list', async () => {
    let deleted = false;
    api = fakeApi({
      'GET /patients': () => page(deleted ? [] : [chioma]),
      'DELETE /patients/p-1': () => {
        deleted = true;
        return deletedAnswer();
      },
    });
    renderPage();
    await user.click(await screen.findByRole('button', { name: 'Delete Chioma Nwosu' }));
    const dialog = screen.getByRole('alertdialog', { name: 'Delete Patient' });
    expect(
      within(dialog).getByText(/Are you sure you want to delete this patient\? This action cannot be undone\./),
    ).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('Patient deleted successfully')).toBeInTheDocument();
    expect(await screen.findByText('No patients registered yet')).toBeInTheDocument();
  });

  it('filters by status from page 1', async () => {
    api = fakeApi({ 'GET /patients': () => page([chioma], 30) });
    renderPage();
    await screen.findByText('Chioma Nwosu');
    await user.click(screen.getByRole('button', { name: 'Page 2' }));
    await waitFor(() => expect(listCalls().at(-1)!.query.get('page')).toBe('2'));
    await user.click(screen.getByRole('button', { name: /Status/ }));
    await user.click(await screen.findByRole('option', { name: 'In Consultation' }));
    await waitFor(() => expect(listCalls().at(-1)!.query.get('status')).toBe('consultation'), { timeout: 3000 });
    expect(listCalls().at(-1)!.query.get('page')).toBe('1');
  });

  it('opens the profile from a click anywhere on a row, but not from its Delete', async () => {
    api = fakeApi({ 'GET /patients': () => page([chioma]) });
    renderPage();
    await user.click(await screen.findByRole('button', { name: 'Delete Chioma Nwosu' }));
    await user.click(within(screen.getByRole('alertdialog')).getByRole('button', { name: 'Cancel' }));
    expect(screen.getByTestId('current-path')).toHaveTextContent(/^\/user\/patients$/);
    await user.click(screen.getByText('08031234567'));
    expect(screen.getByTestId('current-path')).toHaveTextContent(/^\/user\/patients\/p-1$/);
  });

  it('offers a nurse no Register Patient, Edit or Delete', async () => {
    api = fakeApi({ 'GET /patients': () => page([chioma]) });
    renderPage({ ...receptionist, id: 'u-n', role: 'nurse', roleId: 2 });
    await screen.findByText('Chioma Nwosu');
    expect(screen.queryByRole('link', { name: 'Register Patient' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Delete/ })).not.toBeInTheDocument();
    expect(screen.queryByRole('link', { name: /Edit/ })).not.toBeInTheDocument();
  });
});
