import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { recordLabResultsEndpoint } from '../../../shared/api/laboratory';
import { answer, fakeApi } from '../../lib/testing/fake-api';
import { ResultsDialog } from './components/results-dialog';
import { RANGE_BACKWARDS, RESULTS_REQUIRED } from './results-form';
import { labRequest, renderAsLab } from './testing/lab-fixtures';

vi.setConfig({ testTimeout: 60_000 });

/** Replaces a field's text as a paste: ten template lines make typing key by key slow under jsdom. */
async function fill(user: ReturnType<typeof userEvent.setup>, field: HTMLElement, text: string) {
  await user.clear(field);
  await user.click(field);
  await user.paste(text);
}

const running = labRequest({ id: 'lr-run', status: 'in progress', startedBy: 'Bisi Ade' });
let api: ReturnType<typeof fakeApi>;
const onRecorded = vi.fn();

beforeEach(() => {
  localStorage.setItem('hms.userToken', 't');
  onRecorded.mockReset();
  api = fakeApi({
    'POST /lab/requests/lr-run/results': () =>
      answer(
        recordLabResultsEndpoint,
        { request: { ...running, status: 'completed' } },
        'Test results recorded successfully!',
      ),
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

const rowsOf = (dialog: HTMLElement) =>
  within(dialog)
    .getAllByRole('combobox', { name: /^Parameter \d+$/ })
    .map((p, i) => [
      (p as HTMLInputElement).value,
      (within(dialog).getByLabelText(`Unit ${i + 1}`) as HTMLInputElement).value,
      (within(dialog).getByLabelText(`Range low ${i + 1}`) as HTMLInputElement).value,
      (within(dialog).getByLabelText(`Range high ${i + 1}`) as HTMLInputElement).value,
    ]);

describe('Enter Results from the panel’s template', () => {
  it('starts with the FBC’s analytes, units and ranges, and flags a value out of range as it is typed', async () => {
    const user = userEvent.setup();
    open();
    const dialog = await screen.findByRole('dialog', { name: 'Enter Results: Full Blood Count' });
    expect(rowsOf(dialog)).toEqual([
      ['Haemoglobin', 'g/dL', '12', '17'],
      ['Haematocrit (PCV)', '%', '36', '50'],
      ['White cell count', '10*3/uL', '4', '11'],
      ['Platelets', '10*3/uL', '150', '400'],
      ['Red cell count', '10*6/uL', '4', '6'],
      ['MCV', 'fL', '80', '100'],
      ['MCH', 'pg', '27', '33'],
      ['MCHC', 'g/dL', '32', '36'],
      ['Neutrophils', '%', '40', '75'],
      ['Lymphocytes', '%', '20', '45'],
    ]);
    const hb = within(dialog).getByLabelText('Value 1');
    await fill(user, hb, '9.1');
    expect(hb).toHaveAccessibleDescription('Low: below 12');
    await fill(user, hb, '18');
    expect(hb).toHaveAccessibleDescription('High: above 17');
    await fill(user, hb, '13.5');
    expect(hb).toHaveAccessibleDescription('');
    await fill(user, within(dialog).getByLabelText('Value 3'), '14.2');
    expect(within(dialog).getByLabelText('Value 3')).toHaveAccessibleDescription('High: above 11');
    // The lab's own range for this patient counts: the flag follows it.
    await fill(user, within(dialog).getByLabelText('Range high 3'), '15');
    expect(within(dialog).getByLabelText('Value 3')).toHaveAccessibleDescription('');
    await user.click(within(dialog).getByRole('button', { name: 'Save Results' }));

    // Only the lines measured are sent, each with its unit and range; the server flags them again.
    await vi.waitFor(() => expect(onRecorded).toHaveBeenCalled());
    expect(api.calls.find((c) => c.method === 'POST')!.body).toEqual({
      results: [
        { analyte: 'Haemoglobin', value: 13.5, unit: 'g/dL', referenceRange: { low: 12, high: 17 } },
        { analyte: 'White cell count', value: 14.2, unit: '10*3/uL', referenceRange: { low: 4, high: 15 } },
      ],
      notes: null,
      conductedBy: 'Bisi Ade',
    });
  });

  it('asks for a result when every line of the template is left empty', async () => {
    const user = userEvent.setup();
    open();
    const dialog = await screen.findByRole('dialog');
    await user.click(within(dialog).getByRole('button', { name: 'Save Results' }));
    expect(within(dialog).getByRole('alert')).toHaveTextContent(RESULTS_REQUIRED);
    expect(api.calls.some((c) => c.method === 'POST')).toBe(false);
  });

  it.each([
    [
      'MPS',
      'Malaria Parasite',
      [
        ['Malaria parasites (smear)', '', '', ''],
        ['Malaria RDT', '', '', ''],
      ],
    ],
    [
      'ELEC',
      'Electrolytes',
      [
        ['Sodium', 'mmol/L', '135', '145'],
        ['Potassium', 'mmol/L', '3.5', '5'],
        ['Chloride', 'mmol/L', '98', '107'],
        ['Bicarbonate', 'mmol/L', '22', '29'],
      ],
    ],
    ['LFT', 'Liver Function Test', 6],
    ['URINE', 'Urine Analysis', 6],
    ['CXR', 'Chest X-ray', [['Chest X-ray', '', '', '']]],
  ])('starts %s from its template', async (testCode, testName, expected) => {
    renderAsLab(
      <ResultsDialog
        request={{ ...running, testCode, testName }}
        defaultConductedBy="Bisi Ade"
        onClose={() => {}}
        onRecorded={onRecorded}
      />,
    );
    const dialog = await screen.findByRole('dialog', { name: `Enter Results: ${testName}` });
    if (typeof expected === 'number') expect(rowsOf(dialog)).toHaveLength(expected);
    else expect(rowsOf(dialog)).toEqual(expected);
  });
});

describe('Enter Results with units and ranges', () => {
  it('suggests the test’s other analytes by keyboard, and sends structured values', async () => {
    const user = userEvent.setup();
    open();
    const dialog = await screen.findByRole('dialog', { name: 'Enter Results: Full Blood Count' });
    await fill(user, within(dialog).getByLabelText('Value 1'), '9.1');
    await user.click(within(dialog).getByRole('button', { name: 'Add result value' }));
    const parameter = within(dialog).getByRole('combobox', { name: 'Parameter 11' });
    await user.type(parameter, 'mal');
    const listbox = await screen.findByRole('listbox');
    expect(
      within(listbox)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['Malaria parasites (smear)MP', 'Malaria RDTMRDT']);
    await user.keyboard('{ArrowDown}{Enter}');
    expect(parameter).toHaveValue('Malaria parasites (smear)');
    await fill(user, within(dialog).getByLabelText('Value 11'), 'Not seen');

    // A name the catalogue does not know is still taken, as typed.
    await user.click(within(dialog).getByRole('button', { name: 'Add result value' }));
    await fill(user, within(dialog).getByRole('combobox', { name: 'Parameter 12' }), 'Sickling test');
    await user.keyboard('{Escape}');
    await fill(user, within(dialog).getByLabelText('Value 12'), 'Negative');
    await user.click(within(dialog).getByRole('button', { name: 'Save Results' }));

    await vi.waitFor(() => expect(onRecorded).toHaveBeenCalled());
    expect(api.calls.find((c) => c.method === 'POST')!.body).toEqual({
      results: [
        { analyte: 'Haemoglobin', value: 9.1, unit: 'g/dL', referenceRange: { low: 12, high: 17 } },
        { analyte: 'Malaria parasites (smear)', value: 'Not seen', unit: null, referenceRange: null },
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
    await fill(user, within(dialog).getByLabelText('Value 1'), '9.1');
    await fill(user, within(dialog).getByLabelText('Range low 1'), '16');
    await fill(user, within(dialog).getByLabelText('Range high 1'), '12');
    await user.click(within(dialog).getByRole('button', { name: 'Save Results' }));
    expect(within(dialog).getByRole('alert')).toHaveTextContent(RANGE_BACKWARDS);
    expect(within(dialog).getByLabelText('Range low 1')).toHaveAttribute('aria-invalid', 'true');
    expect(api.calls.some((c) => c.method === 'POST')).toBe(false);
  });
});
