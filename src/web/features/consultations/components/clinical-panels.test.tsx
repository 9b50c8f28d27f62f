import { render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { signedIn, withSession } from '../../../app/testing/session-fixtures';
import { fakeApi, type FakeHandler } from '../../../lib/testing/fake-api';
import { consultationsAnswer, followUp, malaria } from '../testing/consultation-fixtures';
import { doctor } from '../testing/render-records';
import { ClinicalPanels } from './clinical-panels';

vi.setConfig({ testTimeout: 20_000 });

let api: ReturnType<typeof fakeApi>;
afterEach(() => api.restore());
const panel = (name: string) => within(screen.getByRole('region', { name }));

function renderPanels(handler: FakeHandler) {
  api = fakeApi({ 'GET /consultations/patient/p-1': handler });
  render(withSession(signedIn(doctor), '/doctor/patients/p-1', <ClinicalPanels patientId="p-1" />).ui);
}

describe("The overview's clinical panels", () => {
  it('shows the latest record, lab tests with urgency and status, results and medications with dispensing', async () => {
    renderPanels(() => consultationsAnswer([followUp, malaria]));
    expect(await screen.findByText('Persistent cough')).toBeInTheDocument();
    const last = panel('Last Medical Record');
    expect(last.getByText('Upper respiratory tract infection')).toBeInTheDocument();
    expect(last.getByText('Tunde Bello')).toBeInTheDocument();
    expect(last.getByRole('link', { name: 'View All' })).toHaveAttribute(
      'href',
      '/doctor/patients/p-1/medical-records',
    );
    const labs = panel('Lab Tests').getAllByRole('listitem');
    expect(labs.map((l) => l.textContent)).toEqual([
      expect.stringMatching(/^Chest X-ray 27 Nov 2026Urgent Pending$/),
      expect.stringMatching(/^Full Blood Count 20 Nov 2026STAT Completed$/),
    ]);
    expect(panel('Test Results').getByText('Haemoglobin: 13.2 g/dL')).toBeInTheDocument();
    const meds = panel('Prescription').getAllByRole('listitem');
    expect(meds.map((m) => m.textContent)).toEqual([
      expect.stringMatching(/^Amoxicillin.*Pending$/),
      expect.stringMatching(/^Coartem.*Dispensed$/),
    ]);
  });

  it('says what is missing for a patient never consulted', async () => {
    renderPanels(() => consultationsAnswer([]));
    expect(await screen.findByText('No consultations recorded yet')).toBeInTheDocument();
    expect(screen.getByText('No lab tests ordered')).toBeInTheDocument();
    expect(screen.getByText('No test results yet')).toBeInTheDocument();
    expect(screen.getByText('No medications prescribed')).toBeInTheDocument();
  });

  it('shows loading, then a failure in each panel', async () => {
    renderPanels(() => ({ status: 500, body: { success: false, message: 'Failed to fetch consultations' } }));
    expect(screen.getAllByText('Loading records...')).toHaveLength(4);
    expect(await screen.findAllByText('Failed to fetch consultations')).toHaveLength(4);
  });
});
