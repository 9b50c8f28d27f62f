import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { fakeApi } from '../../lib/testing/fake-api';
import { consultationsAnswer, created, followUp, patient, patientAnswer } from './testing/consultation-fixtures';
import { renderRecords } from './testing/render-records';

vi.setConfig({ testTimeout: 30_000 });

let api: ReturnType<typeof fakeApi>;
afterEach(() => api.restore());

/** The New Consultation panel, its complaint filled in, ready for a diagnosis. */
async function openPanel() {
  const rendered = renderRecords({
    'GET /patients/p-1': () => patientAnswer(patient),
    'GET /consultations/patient/p-1': () => consultationsAnswer([]),
    'POST /consultations/create': () => created(followUp),
  });
  api = rendered.api;
  const { user } = rendered;
  await user.click(await screen.findByRole('button', { name: 'New Consultation' }));
  const panel = within(await screen.findByRole('dialog', { name: 'New Consultation' }));
  await user.click(panel.getByRole('textbox', { name: /Chief complaint/ }));
  await user.paste('Bone pain');
  return { user, panel, diagnosis: panel.getByRole('combobox', { name: /Primary diagnosis/ }) };
}
const posted = () => api.calls.find((c) => c.method === 'POST')?.body as Record<string, unknown> | undefined;

describe('the diagnosis picker', () => {
  it('finds ICD-10 diagnoses by words or code, picked by keyboard, and sends the code with the text', async () => {
    const { user, panel, diagnosis } = await openPanel();
    await user.type(diagnosis, 'sickle');
    const listbox = await screen.findByRole('listbox');
    expect(
      within(listbox)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['Sickle-cell anaemia with crisisD57.0']);
    await user.clear(diagnosis);
    await user.type(diagnosis, 'b54');
    expect(within(await screen.findByRole('listbox')).getByRole('option')).toHaveTextContent('Unspecified malaria');
    await user.clear(diagnosis);
    await user.type(diagnosis, 'sickle');
    await user.keyboard('{ArrowDown}{Enter}');
    expect(diagnosis).toHaveValue('Sickle-cell anaemia with crisis');
    await user.click(panel.getByRole('button', { name: 'Save Consultation' }));
    expect(await screen.findByText('Consultation saved successfully!')).toBeInTheDocument();
    expect(posted()).toMatchObject({
      primaryDiagnosis: 'Sickle-cell anaemia with crisis',
      primaryDiagnosisCode: 'D57.0',
    });
  });

  it('still takes a diagnosis of the doctor’s own words, sent without a code', async () => {
    const { user, panel, diagnosis } = await openPanel();
    await user.type(diagnosis, 'Sickle cell disease, steady state');
    await user.tab();
    await user.click(panel.getByRole('button', { name: 'Save Consultation' }));
    expect(await screen.findByText('Consultation saved successfully!')).toBeInTheDocument();
    expect(posted()).toMatchObject({ primaryDiagnosis: 'Sickle cell disease, steady state' });
    expect(posted()).not.toHaveProperty('primaryDiagnosisCode');
  });
});
