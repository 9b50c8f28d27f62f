import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeApi } from '../../lib/testing/fake-api';
import { ResultsDialog } from './components/results-dialog';
import { RANGE_BACKWARDS } from './results-form';
import { labRequest, ok, renderAsLab } from './testing/lab-fixtures';

vi.setConfig({ testTimeout: 20_000 });

const running = labRequest({ id: 'lr-run', status: 'in progress', startedBy: 'Bisi Ade' });
let api: ReturnType<typeof fakeApi>;
const onRecorded = vi.fn();

beforeEach(() => {
  localStorage.setItem('hms.userToken', 't');
  onRecorded.mockReset();
  api = fakeApi({
    'POST /lab/requests/lr-run/results': () =>
      ok({ request: { ...running, status: 'completed' } }, 'Test results recorded successfully!'),
  });
});
afterEach(() => {
  api.restore();
  localStorage.clear();
});

const open = () =>
  renderAsLab(
    <ResultsDialog request={running} defaultConductedBy="Bisi Ade" onClose={() => {}} onRecorded={onRecorded} />,
  );

describe('Enter Results with units and ranges', () => {
  it('suggests the test’s analytes by keyboard, fills the unit, and sends structured values', async () => {
    const user = userEvent.setup();
    open();
    const dialog = await screen.findByRole('dialog', { name: 'Enter Results: Full Blood Count' });
    const parameter = within(dialog).getByRole('combobox', { name: 'Parameter 1' });
    await user.clear(parameter);
    await user.type(parameter, 'haem');
    const listbox = await screen.findByRole('listbox');
    expect(
      within(listbox)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['Haemoglobing/dL', 'Haematocrit (PCV)%']);
    await user.keyboard('{ArrowDown}{Enter}');
    expect(parameter).toHaveValue('Haemoglobin');
    expect(within(dialog).getByLabelText('Unit 1')).toHaveValue('g/dL');
    await user.type(within(dialog).getByLabelText('Value 1'), '9.1');
    await user.type(within(dialog).getByLabelText('Range low 1'), '12');
    await user.type(within(dialog).getByLabelText('Range high 1'), '16');

    // A name the catalogue does not know is still taken, as typed.
    await user.click(within(dialog).getByRole('button', { name: 'Add result value' }));
    await user.type(within(dialog).getByRole('combobox', { name: 'Parameter 2' }), 'Sickling test');
    await user.keyboard('{Escape}');
    await user.type(within(dialog).getByLabelText('Value 2'), 'Negative');
    await user.click(within(dialog).getByRole('button', { name: 'Save Results' }));

    await vi.waitFor(() => expect(onRecorded).toHaveBeenCalled());
    expect(api.calls.find((c) => c.method === 'POST')!.body).toEqual({
      results: [
        { analyte: 'Haemoglobin', value: 9.1, unit: 'g/dL', referenceRange: { low: 12, high: 16 } },
        { analyte: 'Sickling test', value: 'Negative', unit: null, referenceRange: null },
      ],
      notes: null,
      conductedBy: 'Bisi Ade',
    });
  });

  it('refuses a range whose low end is above its high end, beside the field, sending nothing', async () => {
    const user = userEvent.setup();
    open();
    const dialog = await screen.findByRole('dialog');
    await user.type(within(dialog).getByLabelText('Value 1'), '9.1');
    await user.type(within(dialog).getByLabelText('Range low 1'), '16');
    await user.type(within(dialog).getByLabelText('Range high 1'), '12');
    await user.click(within(dialog).getByRole('button', { name: 'Save Results' }));
    expect(within(dialog).getByRole('alert')).toHaveTextContent(RANGE_BACKWARDS);
    expect(within(dialog).getByLabelText('Range low 1')).toHaveAttribute('aria-invalid', 'true');
    expect(api.calls.some((c) => c.method === 'POST')).toBe(false);
  });
});
