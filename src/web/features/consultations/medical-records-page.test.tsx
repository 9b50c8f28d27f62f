import { act, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { emitLiveEvent } from '../../lib/realtime/live-events';
import { admitPatientEndpoint } from '../../../shared/api/patients';
import { answer, deferred, type fakeApi } from '../../lib/testing/fake-api';
import { consultationsAnswer, followUp, malaria, patient, patientAnswer } from './testing/consultation-fixtures';
import { renderRecords } from './testing/render-records';

vi.setConfig({ testTimeout: 20_000 });

let api: ReturnType<typeof fakeApi>;
afterEach(() => api.restore());
const records = () => within(screen.getByRole('region', { name: 'Consultations' }));

describe('Medical records', () => {
  it('shows loading, then the consultations newest first, the newest open with everything recorded', async () => {
    const consultations = deferred<ReturnType<typeof consultationsAnswer>>();
    ({ api } = renderRecords({
      'GET /patients/p-1': () => patientAnswer(patient),
      'GET /consultations/patient/p-1': () => consultations.promise,
    }));
    expect(await screen.findByText('Loading medical records...')).toBeInTheDocument();
    consultations.resolve(consultationsAnswer([followUp, malaria]));
    const rows = await screen.findAllByRole('button', { expanded: true });
    expect(rows).toHaveLength(1);
    expect(rows[0]).toHaveTextContent('Persistent cough');
    const headings = records().getAllByRole('heading', { level: 3 });
    expect(headings.map((h) => h.textContent)).toEqual([
      expect.stringContaining('Upper respiratory tract infection'),
      expect.stringContaining('Malaria'),
    ]);
    expect(screen.getByText('Chioma Nwosu')).toBeInTheDocument();
    expect(records().getByText('Chest X-ray')).toBeInTheDocument();
    expect(records().getByText('Urgent')).toBeInTheDocument();
  });

  it('expands an older consultation: vitals, notes, dispensed medication, STAT result and the total', async () => {
    let user;
    ({ api, user } = renderRecords({
      'GET /patients/p-1': () => patientAnswer(patient),
      'GET /consultations/patient/p-1': () => consultationsAnswer([followUp, malaria]),
    }));
    const older = await screen.findByRole('button', { name: /Malaria/, expanded: false });
    await user.click(older);
    expect(older).toHaveAttribute('aria-expanded', 'true');
    const panel = records();
    expect(panel.getByText('BP 120/80 mmHg · Pulse 88 BPM · Temp 38.5 °C · Weight 70 kg')).toBeInTheDocument();
    expect(panel.getByText('Review in one week')).toBeInTheDocument();
    expect(panel.getByText(/Coartem 80\/480mg, Twice daily for 3 days \(qty 6\)/)).toBeInTheDocument();
    expect(panel.getByText('Dispensed')).toBeInTheDocument();
    expect(panel.getByText('STAT')).toBeInTheDocument();
    expect(panel.getByText('Haemoglobin: 13.2 g/dL')).toBeInTheDocument();
    expect(panel.getByText('Total ₦6,500.00')).toBeInTheDocument();
  });

  it("says 'No consultations recorded yet' for a patient never consulted", async () => {
    ({ api } = renderRecords({
      'GET /patients/p-1': () => patientAnswer(patient),
      'GET /consultations/patient/p-1': () => consultationsAnswer([]),
    }));
    expect(await screen.findByText('No consultations recorded yet')).toBeInTheDocument();
  });

  it('shows a failed load with the server message and loads again on Try again', async () => {
    let calls = 0;
    let user;
    ({ api, user } = renderRecords({
      'GET /patients/p-1': () => patientAnswer(patient),
      'GET /consultations/patient/p-1': () =>
        ++calls === 1
          ? { status: 500, body: { success: false, message: 'Database unavailable' } }
          : consultationsAnswer([malaria]),
    }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Database unavailable');
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    await screen.findByRole('region', { name: 'Consultations' });
    expect(await records().findByText('Fever for three days', { selector: 'span' })).toBeInTheDocument();
  });

  it('admits the patient to a ward, asking for the ward first, and shows the admission', async () => {
    let user;
    ({ api, user } = renderRecords({
      'GET /patients/p-1': () => patientAnswer(patient),
      'GET /consultations/patient/p-1': () => consultationsAnswer([]),
      'POST /patients/p-1/admissions': (call) => ({
        status: 201,
        ...answer(
          admitPatientEndpoint,
          {
            patient: {
              ...patient,
              admission: {
                ...(call.body as { ward: string; reason: string | null }),
                admittedAt: '2026-11-27T10:00:00.000Z',
                admittedBy: { id: 'u-d', name: 'Tunde Bello' },
              },
            },
          },
          'Patient admitted successfully!',
        ),
      }),
    }));
    await user.click(await screen.findByRole('button', { name: 'Admit' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Admit Chioma Nwosu' }));
    await user.click(dialog.getByRole('button', { name: 'Admit Patient' }));
    expect(dialog.getByText('Ward is required')).toBeInTheDocument();
    expect(api.calls.some((c) => c.method === 'POST')).toBe(false);
    await user.type(dialog.getByRole('textbox', { name: /Ward/ }), 'Ward B');
    await user.type(dialog.getByRole('textbox', { name: 'Reason (optional)' }), 'IV fluids');
    await user.click(dialog.getByRole('button', { name: 'Admit Patient' }));
    expect(await screen.findByText('Patient admitted successfully!')).toBeInTheDocument();
    expect(api.calls.find((c) => c.method === 'POST')!.body).toEqual({ ward: 'Ward B', reason: 'IV fluids' });
    expect(screen.getByText('Ward B')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Admitted' })).toBeDisabled();
  });

  it("shows the server's refusal of an admission in the dialog", async () => {
    let user;
    ({ api, user } = renderRecords({
      'GET /patients/p-1': () => patientAnswer(patient),
      'GET /consultations/patient/p-1': () => consultationsAnswer([]),
      'POST /patients/p-1/admissions': () => ({
        status: 409,
        body: { success: false, message: 'This patient is already admitted' },
      }),
    }));
    await user.click(await screen.findByRole('button', { name: 'Admit' }));
    const dialog = within(await screen.findByRole('dialog'));
    await user.type(dialog.getByRole('textbox', { name: /Ward/ }), 'Ward B');
    await user.click(dialog.getByRole('button', { name: 'Admit Patient' }));
    expect(await dialog.findByRole('alert')).toHaveTextContent('This patient is already admitted');
  });

  it("prepends a consultation another doctor records for this patient, with a toast, and ignores other patients'", async () => {
    let calls = 0;
    ({ api } = renderRecords({
      'GET /patients/p-1': () => patientAnswer(patient),
      'GET /consultations/patient/p-1': () => consultationsAnswer(++calls === 1 ? [malaria] : [followUp, malaria]),
    }));
    await screen.findByRole('region', { name: 'Consultations' });
    await records().findByText('Fever for three days', { selector: 'span' });
    const live = (patientId: string, id: string) =>
      act(() =>
        emitLiveEvent({
          type: 'CONSULTATION_CREATED',
          data: { consultation: { id, patientId, patientName: 'Chioma Nwosu' } },
          timestamp: '2026-11-27T09:30:00.000Z',
        }),
      );
    live('p-2', 'c-9');
    live('p-1', 'c-2');
    expect(await screen.findByText('New consultation recorded for Chioma Nwosu')).toBeInTheDocument();
    await waitFor(() => expect(records().getAllByRole('heading', { level: 3 })).toHaveLength(2));
    expect(records().getAllByRole('heading', { level: 3 })[0]).toHaveTextContent('Persistent cough');
    expect(calls).toBe(2);
  });

  it('sends the doctor back to the patient list when the patient does not exist', async () => {
    ({ api } = renderRecords({
      'GET /patients/p-1': () => ({ status: 404, body: { success: false, message: 'Patient not found' } }),
      'GET /consultations/patient/p-1': () => ({ status: 404, body: { success: false, message: 'Patient not found' } }),
    }));
    await waitFor(() => expect(screen.getByTestId('current-path')).toHaveTextContent('/doctor/patients'));
    expect(await screen.findByText('Patient not found')).toBeInTheDocument();
  });
});
