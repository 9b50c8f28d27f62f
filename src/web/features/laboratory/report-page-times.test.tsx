import { screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeApi } from '../../lib/testing/fake-api';
import ReportPage from './report-page';
import { labRequest, page, renderAsLab } from './testing/lab-fixtures';

vi.setConfig({ testTimeout: 20_000 });

// 23:30 UTC on 20 Nov: 00:30 on the 21st in Lagos, 18:30 on the 20th in New York.
const done = labRequest({
  id: 'lr-late',
  status: 'completed',
  testName: 'Malaria Parasite',
  completedAt: '2026-11-20T23:30:00.000Z',
  results: { 'Malaria parasite': 'Not seen' },
  conductedBy: 'Bisi Ade',
});

let api: ReturnType<typeof fakeApi>;
beforeEach(() => {
  localStorage.setItem('hms.userToken', 't');
  api = fakeApi({ 'GET /lab/requests': () => page([done]) });
});
afterEach(() => {
  api.restore();
  localStorage.clear();
});

const completedCell = async () => {
  const table = await screen.findByRole('table', { name: 'Completed lab results' });
  const row = (await within(table).findByText('Chioma Nwosu')).closest('tr')!;
  return row.textContent;
};

describe("Lab reports show times in the hospital's time zone", () => {
  it("writes a result's time on the hospital's clock, day-month-year, in New York", async () => {
    renderAsLab(<ReportPage />, { timeZone: 'America/New_York' });
    expect(await completedCell()).toContain('20 Nov 2026, 18:30');
  });

  it('writes the same instant in Lagos, the default zone, as the next day', async () => {
    renderAsLab(<ReportPage />);
    expect(await completedCell()).toContain('21 Nov 2026, 00:30');
  });
});
