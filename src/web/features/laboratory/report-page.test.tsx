import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeApi, type FakeHandler } from '../../lib/testing/fake-api';
import ReportPage from './report-page';
import { labRequest, page, renderAsLab } from './testing/lab-fixtures';

vi.setConfig({ testTimeout: 20_000 });

const done = labRequest({
  id: 'lr-done',
  status: 'completed',
  urgency: 'STAT',
  testName: 'ECG',
  testCode: 'ECG',
  completedAt: '2026-11-20T11:30:00.000Z',
  results: { Rhythm: 'Sinus', Rate: 72 },
  notes: 'Normal ECG',
  conductedBy: 'Bisi Ade',
});

let api: ReturnType<typeof fakeApi>;
const serve = (handler: FakeHandler) => (api = fakeApi({ 'GET /lab/requests': handler }));

beforeEach(() => localStorage.setItem('hms.userToken', 't'));
afterEach(() => {
  api.restore();
  localStorage.clear();
});

describe('Lab reports', () => {
  it('lists completed results and opens a printable result sheet', async () => {
    serve(() => page([done]));
    const print = vi.spyOn(window, 'print').mockImplementation(() => undefined);
    renderAsLab(<ReportPage />);
    const table = await screen.findByRole('table', { name: 'Completed lab results' });
    expect(await within(table).findByText('Chioma Nwosu')).toBeInTheDocument();
    expect(api.calls[0]!.query.get('status')).toBe('completed');
    expect(screen.getByText('Showing 1 to 1 of 1 results')).toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: 'View result of ECG for Chioma Nwosu' }));
    const sheet = await screen.findByRole('article', { name: 'Lab result of ECG for Chioma Nwosu' });
    expect(within(sheet).getByText('Lagos Clinic')).toBeInTheDocument();
    const results = within(sheet).getByRole('table', { name: 'Results' });
    expect(
      within(results)
        .getAllByRole('row')
        .map((r) => r.textContent),
    ).toEqual(['ParameterResult', 'RhythmSinus', 'Rate72']);
    expect(within(sheet).getByText('Normal ECG')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Print' }));
    expect(print).toHaveBeenCalledTimes(1);
    print.mockRestore();
  });

  it('searches from page 1 and says when nothing matches', async () => {
    serve((call) => page(call.query.get('search') ? [] : [done], 3));
    renderAsLab(<ReportPage />);
    await screen.findByText('Chioma Nwosu');
    await userEvent.click(screen.getByRole('button', { name: 'Page 2' }));
    await waitFor(() => expect(api.calls.at(-1)!.query.get('page')).toBe('2'));
    await userEvent.type(screen.getByLabelText('Search results'), 'Tunde');
    expect(await screen.findByText('No results found matching your search', {}, { timeout: 2000 })).toBeInTheDocument();
    const last = api.calls.at(-1)!;
    expect([last.query.get('search'), last.query.get('page')]).toEqual(['Tunde', '1']);
  });

  it('shows the empty state and the error state', async () => {
    let fail = false;
    serve(() =>
      fail ? { status: 500, body: { success: false, message: 'Server error. Please try again later' } } : page([]),
    );
    const view = renderAsLab(<ReportPage />);
    expect(await screen.findByText('No completed lab results yet')).toBeInTheDocument();
    view.unmount();
    fail = true;
    renderAsLab(<ReportPage />);
    expect(await screen.findByText('Server error. Please try again later')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Try again' })).toBeInTheDocument();
  });
});
