import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createStore, Provider } from 'jotai';
import { MemoryRouter } from 'react-router-dom';
import { ToastContainer } from 'react-toastify';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { AT_LEAST_ONE_VITAL, BLOOD_PRESSURE_FORMAT } from '../../../shared/vitals-rules';
import { recordVitalsEndpoint } from '../../../shared/api/patients';
import { answer as answerOf, deferred, fakeApi, type FakeHandler, type FakeReply } from '../../lib/testing/fake-api';
import { listedPatient, patientsPageAnswer, recordedVitals, type ListedPatient } from '../../lib/testing/patients';
import VitalsPage from './vitals-page';

vi.setConfig({ testTimeout: 20_000 });

const waiting = (name: string, id: string) => listedPatient({ id, name, identificationNumber: `PAT-${id}` });
const chioma = waiting('Chioma Nwosu', '1');
const listOf = (patients: ListedPatient[]) => patientsPageAnswer(patients);

let api: ReturnType<typeof fakeApi>;
function serve(overrides: Record<string, FakeHandler> = {}) {
  api = fakeApi({ 'GET /patients': () => listOf([chioma]), ...overrides });
}
function renderPage() {
  return render(
    <Provider store={createStore()}>
      <MemoryRouter>
        <VitalsPage />
        <ToastContainer />
      </MemoryRouter>
    </Provider>,
  );
}
async function choose(name = 'Chioma Nwosu') {
  await userEvent.click(await screen.findByRole('button', { name: `Record vitals for ${name}` }));
  return screen.getByRole('form', { name: `Record vitals for ${name}` });
}

beforeEach(() => localStorage.setItem('hms.userToken', 't'));
afterEach(() => {
  api.restore();
  localStorage.clear();
});

describe('Vitals', () => {
  it('lists waiting patients and searches them', async () => {
    serve({
      'GET /patients': (call) =>
        listOf(call.query.get('search') ? [waiting('Bola Ade', '2')] : [chioma, waiting('Bola Ade', '2')]),
    });
    renderPage();
    expect(await screen.findByText('Chioma Nwosu')).toBeInTheDocument();
    expect(api.calls[0]!.query.get('status')).toBe('waiting');
    await userEvent.type(screen.getByLabelText('Search waiting patients'), 'Bola');
    await waitFor(() => expect(screen.queryByText('Chioma Nwosu')).not.toBeInTheDocument(), { timeout: 2000 });
    expect(api.calls.at(-1)!.query.get('search')).toBe('Bola');
    expect(screen.getByText('Bola Ade')).toBeInTheDocument();
  });

  it('shows loading, the empty list and the error with a retry', async () => {
    const reply = deferred<{ status?: number; body: unknown }>();
    let answer: () => FakeReply = () => reply.promise;
    serve({ 'GET /patients': () => answer() });
    renderPage();
    expect(screen.getByText('Loading patients...')).toBeInTheDocument();
    reply.resolve({ status: 500, body: { success: false, message: 'Server error. Please try again later' } });
    expect(await screen.findByText('Server error. Please try again later')).toBeInTheDocument();
    answer = () => listOf([]);
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('No patients waiting')).toBeInTheDocument();
    expect(screen.getByText('Choose a waiting patient')).toBeInTheDocument();
  });

  it("checks the form by the server's rules before sending anything", async () => {
    serve();
    renderPage();
    const form = await choose();
    await userEvent.click(within(form).getByRole('button', { name: 'Save Vitals' }));
    expect(within(form).getByRole('alert')).toHaveTextContent(AT_LEAST_ONE_VITAL);
    await userEvent.type(within(form).getByLabelText('Blood Pressure (mmHg)'), '120-80');
    await userEvent.type(within(form).getByLabelText('Temperature'), '370');
    await userEvent.click(within(form).getByRole('button', { name: 'Save Vitals' }));
    expect(within(form).getByText(BLOOD_PRESSURE_FORMAT)).toBeInTheDocument();
    expect(
      within(form).getByText('Temperature must be between 30 and 45 °C or between 86 and 113 °F'),
    ).toBeInTheDocument();
    expect(api.calls.some((c) => c.method === 'POST')).toBe(false);
  });

  it('records the vitals, says so, and refreshes the list', async () => {
    serve({
      'POST /patients/1/vitals': () => ({
        status: 201,
        ...answerOf(recordVitalsEndpoint, { vitals: recordedVitals() }, 'Vitals recorded successfully!'),
      }),
    });
    renderPage();
    const form = await choose();
    await userEvent.type(within(form).getByLabelText('Blood Pressure (mmHg)'), '118/76');
    await userEvent.type(within(form).getByLabelText('Pulse Rate (BPM)'), '74');
    await userEvent.type(within(form).getByLabelText('Temperature'), '36.8');
    await userEvent.type(within(form).getByLabelText('Weight (kg)'), '64');
    await userEvent.click(within(form).getByRole('button', { name: 'Save Vitals' }));
    expect(await screen.findByText('Vitals recorded successfully!')).toBeInTheDocument();
    expect(api.calls.find((c) => c.method === 'POST')!.body).toEqual({
      bloodPressure: '118/76',
      pulseRate: 74,
      temperature: 36.8,
      temperatureUnit: 'C',
      weight: 64,
      height: null,
      respiratoryRate: null,
      oxygenSaturation: null,
    });
    await waitFor(() => expect(screen.queryByRole('form')).not.toBeInTheDocument());
    expect(api.calls.filter((c) => c.path === '/patients')).toHaveLength(2);
  });

  it("shows the server's field reasons beside their fields", async () => {
    serve({
      'POST /patients/1/vitals': () => ({
        status: 400,
        body: {
          success: false,
          message: 'Please check your input and try again',
          errors: [{ field: 'weight', message: 'Weight must be between 0.5 and 500 kg' }],
        },
      }),
    });
    renderPage();
    const form = await choose();
    await userEvent.type(within(form).getByLabelText('Weight (kg)'), '64');
    await userEvent.click(within(form).getByRole('button', { name: 'Save Vitals' }));
    expect(await within(form).findByText('Weight must be between 0.5 and 500 kg')).toBeInTheDocument();
    expect(within(form).getByLabelText('Weight (kg)')).toHaveAttribute('aria-invalid', 'true');
  });
});
