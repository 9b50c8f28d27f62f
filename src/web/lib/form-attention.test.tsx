import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { signedIn, withSession } from '../app/testing/session-fixtures';
import RegisterPatientPage from '../features/patients/register-patient-page';
import { receptionist } from '../features/patients/testing/patients-fixtures';
import { ada, page } from '../features/users/testing/users-fixtures';
import UsersPage from '../features/users/users-page';
import { ATTENTION_REGION_ID, attentionMessage, installFormAttention } from './focus-first-invalid';
import { fakeApi } from './testing/fake-api';

vi.setConfig({ testTimeout: 20_000 });

let api: ReturnType<typeof fakeApi> | undefined;
let uninstall: () => void;
let user: ReturnType<typeof userEvent.setup>;
const region = () => document.getElementById(ATTENTION_REGION_ID);

beforeEach(() => {
  uninstall = installFormAttention(document);
  user = userEvent.setup({ delay: null });
});
afterEach(() => {
  uninstall();
  api?.restore();
  region()?.remove();
  localStorage.clear();
});

describe('every form after a refused submit', () => {
  it('says "1 field needs attention" for one and counts more', () => {
    expect(attentionMessage(1)).toBe('1 field needs attention');
    expect(attentionMessage(4)).toBe('4 fields need attention');
  });

  it('takes the keyboard to the first invalid field and announces how many need attention (the form’s own checks)', async () => {
    api = fakeApi({});
    const tree = (
      <Routes>
        <Route path="/user/patients/register" element={<RegisterPatientPage />} />
      </Routes>
    );
    render(withSession(signedIn(receptionist), '/user/patients/register', tree).ui);
    const form = screen.getByRole('form', { name: 'Register patient' });
    await user.click(within(form).getByRole('button', { name: 'Save' }));
    const firstName = within(form).getByLabelText(/First Name/);
    await waitFor(() => expect(firstName).toHaveFocus());
    const marked = form.querySelectorAll('[aria-invalid="true"]').length;
    expect(marked).toBeGreaterThan(1);
    await waitFor(() => expect(region()).toHaveTextContent(`${marked} fields need attention`));
    expect(region()).toHaveAttribute('aria-live', 'polite');
    expect(api.calls.filter((c) => c.method === 'POST')).toHaveLength(0);
  });

  it('does the same when the server refuses a field after the submit', async () => {
    localStorage.setItem('hms.adminToken', 'admin-token');
    api = fakeApi({
      'GET /users': () => page([ada]),
      'POST /users': () => ({
        status: 400,
        body: {
          success: false,
          message: 'Please check your input and try again',
          errors: [{ field: 'email', message: 'Please enter a valid email address' }],
        },
      }),
    });
    render(<UsersPage />);
    await screen.findByText('Ada Obi');
    await user.click(screen.getByRole('button', { name: 'Add New User' }));
    const dialog = screen.getByRole('dialog', { name: 'Add New User' });
    await user.type(within(dialog).getByLabelText(/Full name/), 'Chinedu Obi');
    const email = within(dialog).getByLabelText(/Email/);
    await user.type(email, 'chinedu@x');
    await user.click(within(dialog).getByRole('button', { name: 'Add User' }));
    await waitFor(() => expect(email).toHaveFocus());
    await waitFor(() => expect(region()).toHaveTextContent('1 field needs attention'));
  });
});
