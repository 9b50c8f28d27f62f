import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { hospitalSettingsEndpoint } from '../../../shared/api/hospitals';
import { medicationGroupsEndpoint } from '../../../shared/api/pharmacy';
import { answer, routeOf, type fakeApi, type FakeHandler } from '../../lib/testing/fake-api';
import {
  consultationsAnswer,
  created,
  followUp,
  malaria,
  patient,
  patientAnswer,
} from './testing/consultation-fixtures';
import { renderRecords } from './testing/render-records';

/** A medication of the formulary (GET /api/inventory/medications/groups). */
const group = { batches: 1, reorderLevel: 10, nextExpiry: '2027-06-30', status: 'In Stock' as const };

vi.setConfig({ testTimeout: 30_000 });

let api: ReturnType<typeof fakeApi>;
afterEach(() => api.restore());

type User = Awaited<ReturnType<typeof openPanel>>['user'];
/**
 * Puts text in a field at once (typing each letter makes these long forms slow to test); a
 * combobox is then left with Tab, as a person moves on, which closes its suggestions.
 */
async function fill(user: User, field: HTMLElement, text: string) {
  await user.click(field);
  await user.paste(text);
  if (field.getAttribute('role') === 'combobox') await user.tab();
}

/** The records page with the New Consultation panel open. */
async function openPanel(routes: Record<string, FakeHandler> = {}) {
  const rendered = renderRecords({
    'GET /patients/p-1': () => patientAnswer(patient),
    'GET /consultations/patient/p-1': () => consultationsAnswer([]),
    ...routes,
  });
  api = rendered.api;
  await rendered.user.click(await screen.findByRole('button', { name: 'New Consultation' }));
  const panel = within(await screen.findByRole('dialog', { name: 'New Consultation' }));
  return { user: rendered.user, panel };
}

describe('New Consultation panel', () => {
  it('checks the vitals taken before sending, with the messages the server would give', async () => {
    const { user, panel } = await openPanel();
    await fill(user, panel.getByRole('textbox', { name: /Chief complaint/ }), 'Fever');
    await fill(user, panel.getByRole('combobox', { name: /Primary diagnosis/ }), 'Malaria');
    await fill(user, panel.getByRole('textbox', { name: /Pulse rate/ }), '720');
    await user.click(panel.getByRole('button', { name: 'Save Consultation' }));
    expect(panel.getByText('Pulse rate must be between 20 and 250 beats per minute')).toBeInTheDocument();
    expect(api.calls.some((c) => c.method === 'POST')).toBe(false);
  });

  it('refuses to save without the complaint and the diagnosis, saying so on each field, and sends nothing', async () => {
    const { user, panel } = await openPanel();
    await user.click(panel.getByRole('button', { name: 'Save Consultation' }));
    expect(panel.getByText('Chief complaint is required')).toBeInTheDocument();
    expect(panel.getByText('Primary diagnosis is required')).toBeInTheDocument();
    expect(panel.getByRole('textbox', { name: /Chief complaint/ })).toHaveAttribute('aria-invalid', 'true');
    expect(api.calls.some((c) => c.method === 'POST')).toBe(false);
    await fill(user, panel.getByRole('textbox', { name: /Chief complaint/ }), 'Fever');
    expect(panel.queryByText('Chief complaint is required')).not.toBeInTheDocument();
  });

  it('adds a medication row only when the last is complete, and removes rows', async () => {
    const { user, panel } = await openPanel();
    await user.click(panel.getByRole('button', { name: 'Add Medication' }));
    const first = within(panel.getByRole('listitem', { name: 'Medication 1' }));
    expect(first.getByRole('textbox', { name: 'Quantity' })).toHaveValue('1');
    await fill(user, first.getByRole('combobox', { name: 'Medication name' }), 'Coartem');
    await user.click(panel.getByRole('button', { name: 'Add Medication' }));
    expect(first.getByText('Please fill all medication fields')).toBeInTheDocument();
    expect(first.getByRole('textbox', { name: 'Dosage' })).toHaveAttribute('aria-invalid', 'true');
    expect(panel.queryByRole('listitem', { name: 'Medication 2' })).not.toBeInTheDocument();
    await fill(user, first.getByRole('textbox', { name: 'Dosage' }), '80/480mg');
    await fill(user, first.getByRole('textbox', { name: 'Frequency' }), 'Twice daily');
    await fill(user, first.getByRole('textbox', { name: 'Duration' }), '3 days');
    await user.click(panel.getByRole('button', { name: 'Add Medication' }));
    expect(panel.getByRole('listitem', { name: 'Medication 2' })).toBeInTheDocument();
    await user.click(panel.getByRole('button', { name: 'Remove medication 1' }));
    expect(panel.getAllByRole('listitem', { name: /^Medication/ })).toHaveLength(1);
    expect(panel.getByRole('combobox', { name: 'Medication name' })).toHaveValue('');
  });

  it("starts the fee at the hospital's default consultation fee from its settings", async () => {
    const settings = {
      name: 'St. Luke Clinic',
      email: 'admin@stluke.ng',
      registrationNumber: 'RC123456',
      licenseNumber: 'LIC-1',
      hospitalNumber: 'H-1',
      hospitalCode: 'SLC',
      address: null,
      phone: null,
      timeZone: 'Africa/Lagos',
      idleTimeoutMinutes: 10,
      defaultConsultationFee: 7500,
      logo: null,
      plan: 'Clinic',
      opensAt: '08:00',
      closesAt: '18:00',
    };
    const { panel } = await openPanel({
      [routeOf(hospitalSettingsEndpoint)]: () => answer(hospitalSettingsEndpoint, { settings }),
    });
    const fee = panel.getByRole('textbox', { name: 'Consultation fee (₦)' });
    await waitFor(() => expect(fee).toHaveValue('7500'));
    expect(panel.getByText('₦7,500.00')).toBeInTheDocument();
  });

  it('totals the fee and the charges as they are typed; a fee that is not a number counts as 0', async () => {
    const { user, panel } = await openPanel();
    const fee = panel.getByRole('textbox', { name: 'Consultation fee (₦)' });
    expect(fee).toHaveValue('5000');
    expect(panel.getByText('₦5,000.00')).toBeInTheDocument();
    await user.click(panel.getByRole('button', { name: 'Add Charge' }));
    await fill(user, panel.getByRole('textbox', { name: 'Charge 1 amount (₦)' }), '1500.5');
    expect(panel.getByText('₦6,500.50')).toBeInTheDocument();
    await user.clear(fee);
    await fill(user, fee, 'abc');
    expect(panel.getByText('₦1,500.50')).toBeInTheDocument();
  });

  it('picks a lab test once, with its urgency', async () => {
    const { user, panel } = await openPanel();
    await user.click(panel.getByRole('button', { name: 'Add Lab Test' }));
    expect(panel.getByText('Please select a lab test')).toBeInTheDocument();
    await user.click(panel.getByRole('button', { name: /Lab test/ }));
    await user.click(await screen.findByRole('option', { name: 'Ultrasound (USS)' }));
    await user.click(panel.getByRole('button', { name: /Urgency/ }));
    await user.click(await screen.findByRole('option', { name: 'STAT' }));
    await user.click(panel.getByRole('button', { name: 'Add Lab Test' }));
    const ordered = within(panel.getByRole('list', { name: 'Ordered lab tests' }));
    expect(ordered.getByText('STAT')).toBeInTheDocument();
    await user.click(panel.getByRole('button', { name: /Lab test/ }));
    await user.click(await screen.findByRole('option', { name: 'Ultrasound (USS)' }));
    await user.click(panel.getByRole('button', { name: 'Add Lab Test' }));
    expect(panel.getByText('A lab test can be added only once')).toBeInTheDocument();
    expect(ordered.getAllByRole('listitem')).toHaveLength(1);
  });

  it('saves: sends the §3 payload, says so, closes, and the list shows the new consultation', async () => {
    let loads = 0;
    const { user, panel } = await openPanel({
      'GET /consultations/patient/p-1': () => consultationsAnswer(++loads === 1 ? [malaria] : [followUp, malaria]),
      'POST /consultations/create': () => created(followUp),
    });
    await fill(user, panel.getByRole('textbox', { name: /Pulse rate/ }), '88');
    await fill(user, panel.getByRole('textbox', { name: /Chief complaint/ }), 'Persistent cough');
    await fill(user, panel.getByRole('combobox', { name: /Primary diagnosis/ }), 'Upper respiratory tract infection');
    await user.click(panel.getByRole('button', { name: 'Add Medication' }));
    for (const [name, value] of [
      ['Medication name', 'Amoxicillin'],
      ['Dosage', '500mg'],
      ['Frequency', 'Three times daily'],
      ['Duration', '5 days'],
    ]) {
      await fill(user, panel.getByRole(name === 'Medication name' ? 'combobox' : 'textbox', { name }), value!);
    }
    await user.click(panel.getByRole('button', { name: 'Save Consultation' }));
    expect(await screen.findByText('Consultation saved successfully!')).toBeInTheDocument();
    const post = api.calls.find((c) => c.method === 'POST')!;
    expect(post.body).toMatchObject({
      patientId: 'p-1',
      chiefComplaint: 'Persistent cough',
      vitals: { pulseRate: '88', bloodPressure: null },
      prescriptions: [{ medicationName: 'Amoxicillin', dosage: '500mg', quantity: 1 }],
      labOrders: [],
      billing: { consultationFee: 5000, additionalCharges: [], totalAmount: 5000 },
    });
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    await waitFor(() => expect(loads).toBe(2));
    const headings = within(screen.getByRole('region', { name: 'Consultations' })).getAllByRole('heading', {
      level: 3,
    });
    expect(headings).toHaveLength(2);
    expect(headings[0]).toHaveTextContent('Persistent cough');
  });

  it("keeps the panel open with the server's reasons on their fields when the save is refused", async () => {
    const { user, panel } = await openPanel({
      'POST /consultations/create': () => ({
        status: 400,
        body: {
          success: false,
          message: 'Pulse rate must be between 20 and 250 beats per minute',
          errors: [{ field: 'vitals.pulseRate', message: 'Pulse rate must be between 20 and 250 beats per minute' }],
        },
      }),
    });
    // Within the form's own ranges, so only the server (a fake one here) can refuse it.
    await fill(user, panel.getByRole('textbox', { name: /Pulse rate/ }), '88');
    await fill(user, panel.getByRole('textbox', { name: /Chief complaint/ }), 'Fever');
    await fill(user, panel.getByRole('combobox', { name: /Primary diagnosis/ }), 'Malaria');
    await user.click(panel.getByRole('button', { name: 'Save Consultation' }));
    const pulse = panel.getByRole('textbox', { name: /Pulse rate/ });
    await waitFor(() => expect(pulse).toHaveAttribute('aria-invalid', 'true'));
    expect(panel.getByText('Pulse rate must be between 20 and 250 beats per minute')).toBeInTheDocument();
    expect(screen.getByRole('dialog', { name: 'New Consultation' })).toBeInTheDocument();
    expect(api.calls.filter((c) => c.method === 'POST')).toHaveLength(1);
  });

  it("says 'Failed to save consultation' when the server gives no reason", async () => {
    const { user, panel } = await openPanel({
      'POST /consultations/create': () => ({ status: 502, body: undefined }),
    });
    await fill(user, panel.getByRole('textbox', { name: /Chief complaint/ }), 'Fever');
    await fill(user, panel.getByRole('combobox', { name: /Primary diagnosis/ }), 'Malaria');
    await user.click(panel.getByRole('button', { name: 'Save Consultation' }));
    expect(await panel.findByRole('alert')).toHaveTextContent('Failed to save consultation');
  });

  it('keeps what was typed when the panel is closed with Escape, and starts empty after Cancel', async () => {
    const { user, panel } = await openPanel();
    await fill(user, panel.getByRole('textbox', { name: /Chief complaint/ }), 'Headache');
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    await user.click(screen.getByRole('button', { name: 'New Consultation' }));
    const again = within(await screen.findByRole('dialog', { name: 'New Consultation' }));
    expect(again.getByRole('textbox', { name: /Chief complaint/ })).toHaveValue('Headache');
    await user.click(again.getByRole('button', { name: 'Cancel' }));
    await user.click(screen.getByRole('button', { name: 'New Consultation' }));
    const fresh = within(await screen.findByRole('dialog', { name: 'New Consultation' }));
    expect(fresh.getByRole('textbox', { name: /Chief complaint/ })).toHaveValue('');
  });

  it("suggests the hospital's medications and sends the id of the one picked; free text stays free", async () => {
    const { user, panel } = await openPanel({
      [routeOf(medicationGroupsEndpoint)]: () =>
        answer(medicationGroupsEndpoint, {
          groups: [
            { ...group, medicationId: 'med-7', name: 'Amoxicillin 500mg capsule', stockQuantity: 40 },
            {
              ...group,
              medicationId: 'med-9',
              name: 'Amlodipine 5mg tablet',
              stockQuantity: 0,
              status: 'Out of Stock',
            },
          ],
        }),
      'POST /consultations/create': () => created(followUp),
    });
    await fill(user, panel.getByRole('textbox', { name: /Chief complaint/ }), 'Persistent cough');
    await fill(user, panel.getByRole('combobox', { name: /Primary diagnosis/ }), 'Upper respiratory tract infection');
    await user.click(panel.getByRole('button', { name: 'Add Medication' }));
    const name = panel.getByRole('combobox', { name: 'Medication name' });
    await user.type(name, 'amox');
    await user.click(await screen.findByRole('option', { name: /Amoxicillin 500mg capsule/ }));
    expect(name).toHaveValue('Amoxicillin 500mg capsule');
    for (const [label, value] of [
      ['Dosage', '1 capsule'],
      ['Frequency', 'Three times daily'],
      ['Duration', '5 days'],
    ]) {
      await fill(user, panel.getByRole('textbox', { name: label }), value!);
    }
    await user.click(panel.getByRole('button', { name: 'Add Medication' }));
    const second = panel.getAllByRole('combobox', { name: 'Medication name' })[1]!;
    await fill(user, second, 'Herbal tea');
    const rows = panel.getAllByRole('listitem', { name: /Medication \d/ });
    for (const [label, value] of [
      ['Dosage', '1 cup'],
      ['Frequency', 'Daily'],
      ['Duration', '3 days'],
    ]) {
      await fill(user, within(rows[1]!).getByRole('textbox', { name: label }), value!);
    }
    await user.click(panel.getByRole('button', { name: 'Save Consultation' }));
    expect(await screen.findByText('Consultation saved successfully!')).toBeInTheDocument();
    const post = api.calls.find((c) => c.method === 'POST')!;
    const sent = (post.body as { prescriptions: Record<string, unknown>[] }).prescriptions;
    expect(sent[0]).toMatchObject({ medicationName: 'Amoxicillin 500mg capsule', medicationId: 'med-7' });
    expect(sent[1]).toMatchObject({ medicationName: 'Herbal tea' });
    expect(sent[1]).not.toHaveProperty('medicationId');
  });
});
