import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { signedIn, withSession } from '../../app/testing/session-fixtures';
import type { z } from '../../lib/zod';
import { editPatientEndpoint } from '../../../shared/api/patients';
import { answer, fakeApi, type FakeHandler, type RecordedCall } from '../../lib/testing/fake-api';
import EditPatientPage from './edit-patient-page';
import { chiomaDetail, detail, receptionist } from './testing/patients-fixtures';

vi.setConfig({ testTimeout: 20_000 });

const STALE = 'This patient was changed by someone else. Review the current values and try again.';
let api: ReturnType<typeof fakeApi>;
let user: ReturnType<typeof userEvent.setup>;
const form = () => within(screen.getByRole('form', { name: 'Edit patient' }));
const puts = () => api.calls.filter((c) => c.method === 'PUT');

function renderEdit(routes: Record<string, FakeHandler>) {
  api = fakeApi({ 'GET /patients/p-1': () => detail(chiomaDetail), ...routes });
  const tree = (
    <Routes>
      <Route path="/user/patients/:patientId/edit" element={<EditPatientPage />} />
      <Route path="*" element={null} />
    </Routes>
  );
  render(withSession(signedIn(receptionist), '/user/patients/p-1/edit', tree).ui);
}

async function replace(label: RegExp, text: string) {
  const input = form().getByLabelText(label);
  await user.clear(input);
  await user.click(input);
  await user.paste(text);
}

/** The PUT's answer as the route sends it: the detail with the changed fields, the emergency contact nested. */
const saved = (call: RecordedCall) => {
  const body = call.body as z.output<typeof editPatientEndpoint.body>;
  const { version, emergencyContactName, emergencyContactRelationship, emergencyContactPhone, ...fields } = body;
  const firstName = fields.firstName ?? chiomaDetail.firstName;
  const lastName = fields.lastName ?? chiomaDetail.lastName;
  const was = chiomaDetail.emergencyContact;
  const patient = {
    ...chiomaDetail,
    ...fields,
    name: `${firstName} ${lastName}`,
    contact: fields.phoneNumber ?? chiomaDetail.contact,
    emergencyContact: {
      name: emergencyContactName === undefined ? was.name : emergencyContactName,
      relationship: emergencyContactRelationship === undefined ? was.relationship : emergencyContactRelationship,
      // The route falls back to the patient's own phone when the contact has none (patients-queries.ts).
      phoneNumber:
        (emergencyContactPhone === undefined ? was.phoneNumber : emergencyContactPhone) ??
        fields.phoneNumber ??
        chiomaDetail.phoneNumber,
    },
    version: version + 1,
  };
  return answer(editPatientEndpoint, { patient }, 'Patient updated successfully!');
};
const stale = (current: object) => ({
  status: 409,
  body: { success: false, code: 'STALE_VERSION', message: STALE, current },
});

beforeEach(() => {
  user = userEvent.setup({ delay: null });
});
afterEach(() => api.restore());

describe('Edit patient', () => {
  it('prefills the form, sends only what changed with the version loaded, and returns to the profile', async () => {
    renderEdit({ 'PUT /patients/p-1': saved });
    expect(await screen.findByRole('heading', { name: 'Edit Chioma Nwosu' })).toBeInTheDocument();
    expect(form().getByLabelText(/First Name/)).toHaveValue('Chioma');
    expect(form().getByLabelText('Date of Birth')).toHaveValue('1992-04-02');
    await replace(/Address/, '9 Glover Road, Ikoyi');
    await user.click(form().getByRole('button', { name: 'Save Changes' }));
    expect(await screen.findByText('Patient updated successfully!')).toBeInTheDocument();
    expect(puts()[0]!.body).toEqual({ address: '9 Glover Road, Ikoyi', version: 1 });
    await waitFor(() => expect(screen.getByTestId('current-path')).toHaveTextContent(/^\/user\/patients\/p-1$/));
  });

  it('checks the registration rules before sending, and sends nothing when nothing changed', async () => {
    renderEdit({ 'PUT /patients/p-1': saved });
    await screen.findByRole('heading', { name: 'Edit Chioma Nwosu' });
    await user.click(form().getByRole('button', { name: 'Save Changes' }));
    expect(await screen.findByText('No changes to save')).toBeInTheDocument();
    await user.clear(form().getByLabelText(/Last Name/));
    await user.click(form().getByRole('button', { name: 'Save Changes' }));
    await waitFor(() => expect(screen.getAllByText('Last name is required')).toHaveLength(2));
    expect(puts()).toHaveLength(0);
  });

  it('on a stale version shows the saved values beside mine, and reapplies mine without undoing theirs', async () => {
    const current = { ...chiomaDetail, phoneNumber: '08039999999', address: '5 Marina, Lagos', version: 2 };
    renderEdit({
      'PUT /patients/p-1': (call) => ((call.body as { version: number }).version === 1 ? stale(current) : saved(call)),
    });
    await screen.findByRole('heading', { name: 'Edit Chioma Nwosu' });
    await replace(/Address/, '7 Awolowo Road');
    await user.click(form().getByRole('button', { name: 'Save Changes' }));
    const notice = await screen.findByRole('alert', { name: STALE });
    const table = within(notice).getByRole('table', { name: 'Current values and your changes' });
    const address = within(table).getByRole('rowheader', { name: 'Address' }).closest('tr')!;
    expect(address).toHaveTextContent('5 Marina, Lagos');
    expect(address).toHaveTextContent('7 Awolowo Road (both changed)');
    // Someone else's phone change is listed although I never touched the phone.
    expect(within(table).getByRole('rowheader', { name: 'Phone Number' }).closest('tr')).toHaveTextContent(
      '08039999999',
    );
    expect(form().getByRole('button', { name: 'Save Changes' })).toBeDisabled();

    await user.click(within(notice).getByRole('button', { name: 'Reapply my changes' }));
    expect(form().getByLabelText(/Address/)).toHaveValue('7 Awolowo Road');
    expect(form().getByLabelText(/Phone Number/)).toHaveValue('08039999999');
    await user.click(form().getByRole('button', { name: 'Save Changes' }));
    expect(await screen.findByText('Patient updated successfully!')).toBeInTheDocument();
    // Only my change, on the current version: their new phone is not sent back as the old one.
    expect(puts()[1]!.body).toEqual({ address: '7 Awolowo Road', version: 2 });
  });

  it('takes the current values instead on request', async () => {
    const current = { ...chiomaDetail, address: '5 Marina, Lagos', version: 2 };
    renderEdit({ 'PUT /patients/p-1': () => stale(current) });
    await screen.findByRole('heading', { name: 'Edit Chioma Nwosu' });
    await replace(/Address/, '7 Awolowo Road');
    await user.click(form().getByRole('button', { name: 'Save Changes' }));
    await user.click(await screen.findByRole('button', { name: 'Use current values' }));
    expect(form().getByLabelText(/Address/)).toHaveValue('5 Marina, Lagos');
    expect(screen.queryByRole('alert', { name: STALE })).not.toBeInTheDocument();
    expect(form().getByRole('button', { name: 'Save Changes' })).toBeEnabled();
  });

  it('shows the reason with Back to Patients when the patient cannot be loaded', async () => {
    renderEdit({
      'GET /patients/p-1': () => ({ status: 404, body: { success: false, message: 'Patient not found' } }),
    });
    expect(await screen.findByText('Patient not found')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to Patients' })).toHaveAttribute('href', '/user/patients');
  });
});
