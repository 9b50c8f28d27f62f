import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { signedIn, withSession } from '../../app/testing/session-fixtures';
import { registerPatientEndpoint } from '../../../shared/api/patients';
import { answer, fakeApi, type FakeHandler } from '../../lib/testing/fake-api';
import RegisterPatientPage from './register-patient-page';
import { chiomaDetail, receptionist } from './testing/patients-fixtures';

vi.setConfig({ testTimeout: 20_000 });

let api: ReturnType<typeof fakeApi>;
let user: ReturnType<typeof userEvent.setup>;
const form = () => screen.getByRole('form', { name: 'Register patient' });
const posts = () => api.calls.filter((c) => c.method === 'POST' && c.path === '/patients');

function renderForm(routes: Record<string, FakeHandler> = {}) {
  api = fakeApi(routes);
  const tree = (
    <Routes>
      <Route path="/user/patients/register" element={<RegisterPatientPage />} />
      <Route path="*" element={null} />
    </Routes>
  );
  render(withSession(signedIn(receptionist), '/user/patients/register', tree).ui);
}

async function fillValid() {
  const f = within(form());
  await user.type(f.getByLabelText(/First Name/), 'Chioma');
  await user.type(f.getByLabelText(/Last Name/), 'Nwosu');
  await user.type(f.getByLabelText('Date of Birth'), '1992-04-02');
  await user.click(f.getByRole('button', { name: /Gender/ }));
  await user.click(await screen.findByRole('option', { name: 'Female' }));
  await user.type(f.getByLabelText(/Phone Number/), '0803 123 4567');
  await user.type(f.getByLabelText(/Address/), '3 Allen Avenue, Ikeja');
  await user.type(f.getByLabelText(/Identification Number/), 'pat123456789');
}

beforeEach(() => {
  user = userEvent.setup({ delay: null });
});
afterEach(() => api.restore());

describe('Register patient form', () => {
  it('has the three sections and a date picker that stops at today', () => {
    renderForm();
    expect(screen.getByRole('group', { name: 'Personal Information' })).toBeInTheDocument();
    expect(screen.getByRole('group', { name: 'General Information' })).toBeInTheDocument();
    expect(screen.getByRole('group', { name: 'Emergency Contact' })).toBeInTheDocument();
    expect(within(form()).getByLabelText('Date of Birth')).toHaveAttribute('max');
  });

  it('shows the first error as a toast, every message beside its field, and sends nothing', async () => {
    renderForm();
    await user.click(within(form()).getByRole('button', { name: 'Save' }));
    // Once in the toast and once beside the field; later rules only beside their fields.
    await waitFor(() => expect(screen.getAllByText('First name is required')).toHaveLength(2));
    expect(screen.getByText('Identification number is required')).toBeInTheDocument();
    expect(screen.getByText('Gender is required')).toBeInTheDocument();
    expect(posts()).toHaveLength(0);
    // Editing a field clears its message.
    await user.type(within(form()).getByLabelText(/Last Name/), 'N');
    expect(screen.queryByText('Last name is required')).not.toBeInTheDocument();
  });

  it('refuses a birth date after today', async () => {
    renderForm();
    await fillValid();
    const dob = within(form()).getByLabelText('Date of Birth');
    await user.clear(dob);
    await user.type(dob, '2999-01-01');
    await user.click(within(form()).getByRole('button', { name: 'Save' }));
    expect((await screen.findAllByText('Date of birth cannot be in the future')).length).toBeGreaterThan(0);
    expect(posts()).toHaveLength(0);
  });

  it('generates a PAT id and resets the form', async () => {
    renderForm();
    await user.click(within(form()).getByRole('button', { name: 'Generate ID' }));
    expect((within(form()).getByLabelText(/Identification Number/) as HTMLInputElement).value).toMatch(/^PAT\d{9}$/);
    expect(await screen.findByText('Identification number generated')).toBeInTheDocument();
    await user.click(within(form()).getByRole('button', { name: 'Reset' }));
    expect(within(form()).getByLabelText(/Identification Number/)).toHaveValue('');
    expect(await screen.findByText('Form reset successfully')).toBeInTheDocument();
  });

  it('sends the payload uppercased without blanks and goes to the patient list', async () => {
    renderForm({
      'POST /patients': () => ({
        status: 201,
        ...answer(registerPatientEndpoint, { patient: chiomaDetail }, 'Patient registered successfully!'),
      }),
    });
    await fillValid();
    await user.click(within(form()).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Patient registered successfully!')).toBeInTheDocument();
    expect(await screen.findByTestId('current-path')).toHaveTextContent(/^\/user\/patients$/);
    expect(posts()[0]!.body).toEqual({
      firstName: 'Chioma',
      lastName: 'Nwosu',
      dateOfBirth: '1992-04-02',
      gender: 'Female',
      phoneNumber: '0803 123 4567',
      address: '3 Allen Avenue, Ikeja',
      identificationNumber: 'PAT123456789',
    });
  });

  it('puts the server field errors beside their fields', async () => {
    renderForm({
      'POST /patients': () => ({
        status: 409,
        body: {
          success: false,
          message: 'A patient with this identification number already exists',
          code: 'DUPLICATE_IDENTIFICATION',
          errors: [
            { field: 'identificationNumber', message: 'A patient with this identification number already exists' },
          ],
        },
      }),
    });
    await fillValid();
    await user.click(within(form()).getByRole('button', { name: 'Save' }));
    const field = within(form()).getByLabelText(/Identification Number/);
    expect(
      await within(form()).findByText('A patient with this identification number already exists'),
    ).toBeInTheDocument();
    expect(field).toHaveAttribute('aria-invalid', 'true');
  });

  it('puts a taken identification number beside its field as the server answers it (no errors array)', async () => {
    renderForm({
      'POST /patients': () => ({
        status: 409,
        body: {
          success: false,
          message: 'A patient with this identification number already exists',
          code: 'DUPLICATE_IDENTIFICATION',
        },
      }),
    });
    await fillValid();
    await user.click(within(form()).getByRole('button', { name: 'Save' }));
    const field = within(form()).getByLabelText(/Identification Number/);
    await waitFor(() => expect(field).toHaveAttribute('aria-invalid', 'true'));
    // Beside the field and in the toast; not again in a banner above the form.
    expect(screen.getAllByText('A patient with this identification number already exists')).toHaveLength(2);
    expect(within(form()).getByText('A patient with this identification number already exists')).toBeInTheDocument();
  });

  it("toasts the server's first field reason rather than its summary", async () => {
    renderForm({
      'POST /patients': () => ({
        status: 400,
        body: {
          success: false,
          message: 'Validation failed',
          errors: [{ field: 'phoneNumber', message: 'Please enter a valid phone number', msg: 'x' }],
        },
      }),
    });
    await fillValid();
    await user.click(within(form()).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(screen.getAllByText('Please enter a valid phone number')).toHaveLength(2));
    expect(within(form()).getByLabelText(/Phone Number/)).toHaveAttribute('aria-invalid', 'true');
    expect(screen.queryByText('Validation failed')).not.toBeInTheDocument();
  });

  it('lists likely duplicates with links and registers anyway with allowDuplicate', async () => {
    renderForm({
      'POST /patients': (call) =>
        (call.body as { allowDuplicate?: boolean }).allowDuplicate
          ? {
              status: 201,
              ...answer(registerPatientEndpoint, { patient: chiomaDetail }, 'Patient registered successfully!'),
            }
          : {
              status: 409,
              body: {
                success: false,
                code: 'LIKELY_DUPLICATE',
                message: 'This patient may already be registered',
                candidates: [
                  {
                    id: 'p-9',
                    name: 'Chioma Nwosu',
                    dateOfBirth: '1992-04-02',
                    phoneNumber: '08031234567',
                    identificationNumber: 'PAT000000001',
                  },
                ],
              },
            },
    });
    await fillValid();
    await user.click(within(form()).getByRole('button', { name: 'Save' }));
    const list = await screen.findByRole('list', { name: 'Possible duplicates' });
    expect(within(list).getByRole('link', { name: 'Chioma Nwosu' })).toHaveAttribute('href', '/user/patients/p-9');
    await user.click(screen.getByRole('button', { name: 'Register anyway' }));
    expect(await screen.findByText('Patient registered successfully!')).toBeInTheDocument();
    expect((posts()[1]!.body as { allowDuplicate?: boolean }).allowDuplicate).toBe(true);
  });
});
