import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { toast } from 'react-toastify';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { signedIn, withSession } from '../../app/testing/session-fixtures';
import { realtimeStatusAtom } from '../../lib/notifications';
import { emitLiveEvent } from '../../lib/realtime/live-events';
import { deferred, fakeApi } from '../../lib/testing/fake-api';
import PrescriptionRequestPage, { CONNECTION_ISSUE } from './prescription-request-page';
import { dispensed, pendingPage, pharmacist, prescription } from './testing/pharmacy-fixtures';

vi.setConfig({ testTimeout: 20_000 });

let api: ReturnType<typeof fakeApi>;
const listCalls = () => api.calls.filter((c) => c.path === '/consultations/prescriptions/pending');
const card = (name: string) => screen.queryByRole('article', { name: `Prescription for ${name}` });

function renderPage(connection: 'Connected' | 'Disconnected' = 'Connected') {
  const { store, ui } = withSession(signedIn(pharmacist), '/user/prescription-request', <PrescriptionRequestPage />);
  store.set(realtimeStatusAtom, connection);
  return render(ui);
}

/** Lets the fake network answer (it needs I/O turns, not timers) until `done` holds. */
async function settle(done: () => boolean) {
  for (let i = 0; i < 200 && !done(); i++) await new Promise((resolve) => setImmediate(resolve));
  expect(done()).toBe(true);
}

afterEach(() => {
  vi.useRealTimers();
  api.restore();
});

describe('Pending prescriptions', () => {
  it('shows loading, then expandable cards with patient, prescriber, date and each medication', async () => {
    const user = userEvent.setup({ delay: null });
    const reply = deferred<ReturnType<typeof pendingPage>>();
    api = fakeApi({ 'GET /consultations/prescriptions/pending': () => reply.promise });
    renderPage();
    expect(screen.getByText('Loading prescriptions...')).toBeInTheDocument();
    reply.resolve(pendingPage([prescription('c-1', 'Chioma Nwosu')], 12));
    const ada = await screen.findByRole('article', { name: 'Prescription for Chioma Nwosu' });
    expect(screen.getByRole('heading', { name: 'Pending Prescriptions (12)' })).toBeInTheDocument();
    expect(within(ada).getByText(/Prescribed by Tunde Bello · 2 Mar 2026 · 1 medication/)).toBeInTheDocument();
    const trigger = within(ada).getByRole('button', { name: /^Chioma Nwosu Prescribed by Tunde Bello/ });
    expect(trigger).toHaveAttribute('aria-expanded', 'false');
    await user.click(trigger);
    expect(trigger).toHaveAttribute('aria-expanded', 'true');
    const item = within(ada).getByRole('listitem');
    expect(item).toHaveTextContent('Coartem');
    expect(item).toHaveTextContent('Dosage80/480mg');
    expect(item).toHaveTextContent('FrequencyTwice daily');
    expect(item).toHaveTextContent('Duration3 days');
    expect(item).toHaveTextContent('Quantity6');
    expect(listCalls()[0]!.query.get('limit')).toBe('10');
    expect(screen.queryByText(CONNECTION_ISSUE)).not.toBeInTheDocument();
  });

  it("says 'No pending prescriptions' when the queue is empty", async () => {
    api = fakeApi({ 'GET /consultations/prescriptions/pending': () => pendingPage([]) });
    renderPage();
    expect(await screen.findByText('No pending prescriptions')).toBeInTheDocument();
  });

  it("shows the server's 403 message, and retries", async () => {
    const user = userEvent.setup({ delay: null });
    let denied = true;
    api = fakeApi({
      'GET /consultations/prescriptions/pending': () =>
        denied
          ? { status: 403, body: { success: false, message: 'Access denied. Pharmacist role required.' } }
          : pendingPage([prescription('c-1', 'Chioma Nwosu')]),
    });
    renderPage();
    expect(await screen.findByText('Access denied. Pharmacist role required.')).toBeInTheDocument();
    denied = false;
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('article', { name: 'Prescription for Chioma Nwosu' })).toBeInTheDocument();
  });

  it('removes the card at once on Dispense Medication and refetches the list 1 s after the answer', async () => {
    const user = userEvent.setup({ delay: null });
    const answer = deferred<ReturnType<typeof dispensed>>();
    const chioma = prescription('c-1', 'Chioma Nwosu');
    let done = false;
    api = fakeApi({
      'GET /consultations/prescriptions/pending': () =>
        pendingPage(done ? [] : [chioma, prescription('c-2', 'Emeka Obi')]),
      'POST /consultations/prescriptions/c-1/dispense': () => {
        done = true;
        return answer.promise;
      },
    });
    renderPage();
    await screen.findByRole('article', { name: 'Prescription for Chioma Nwosu' });
    await user.click(screen.getByRole('button', { name: 'Dispense Medication for Chioma Nwosu' }));
    // Gone before the server has answered.
    expect(card('Chioma Nwosu')).not.toBeInTheDocument();
    expect(card('Emeka Obi')).toBeInTheDocument();
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    await act(async () => {
      answer.resolve(dispensed(chioma));
      // The answer is in once the page has set its 1 s timer.
      await settle(() => vi.getTimerCount() > 0);
    });
    expect(screen.getByText('Medication dispensed successfully!')).toBeInTheDocument();
    await act(async () => vi.advanceTimersByTime(999));
    expect(listCalls()).toHaveLength(1);
    await act(async () => vi.advanceTimersByTime(1));
    expect(listCalls()).toHaveLength(2);
    vi.useRealTimers();
    expect(await screen.findByText('No pending prescriptions')).toBeInTheDocument();
    expect(card('Emeka Obi')).not.toBeInTheDocument();
  });

  it('puts the card back with the message naming the medication when stock is short (409)', async () => {
    const user = userEvent.setup({ delay: null });
    const message = 'Insufficient stock for Amlodipine: 1 available, 5 requested';
    api = fakeApi({
      'GET /consultations/prescriptions/pending': () =>
        pendingPage([prescription('c-1', 'Chioma Nwosu', 'Amlodipine')]),
      'POST /consultations/prescriptions/c-1/dispense': () => ({
        status: 409,
        body: { success: false, code: 'INSUFFICIENT_STOCK', medication: 'Amlodipine', message },
      }),
    });
    renderPage();
    await screen.findByRole('article', { name: 'Prescription for Chioma Nwosu' });
    await user.click(screen.getByRole('button', { name: 'Dispense Medication for Chioma Nwosu' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(message);
    expect(card('Chioma Nwosu')).toBeInTheDocument();
    expect(listCalls()).toHaveLength(1);
  });

  it('prepends a prescription that arrives live, with one info toast that closes after 5 s', async () => {
    let arrived = false;
    const chioma = prescription('c-1', 'Chioma Nwosu');
    api = fakeApi({
      'GET /consultations/prescriptions/pending': () =>
        pendingPage(arrived ? [chioma, prescription('c-9', 'Bola Ade')] : [chioma]),
    });
    renderPage();
    await screen.findByRole('heading', { name: 'Pending Prescriptions (1)' });
    arrived = true;
    const text = 'New prescription for Bola Ade from Tunde Bello (1 item)';
    const info = vi.spyOn(toast, 'info');
    const update = vi.spyOn(toast, 'update');
    act(() => {
      // As the live connection does: the bell's own toast first, then the screens.
      toast(text, { type: 'warning', autoClose: 6000, toastId: 'n-7' });
      emitLiveEvent({
        type: 'NEW_PRESCRIPTION',
        timestamp: '2026-03-02T10:00:00.000Z',
        data: {
          notificationId: 'n-7',
          notify: true,
          message: text,
          consultation: {
            id: 'c-9',
            patientId: 'p-9',
            patientName: 'Bola Ade',
            doctor: { id: 'd-1', name: 'Tunde Bello' },
            diagnosis: 'Typhoid',
            dateIssued: '2026-03-02T10:00:00.000Z',
            medications: [
              { name: 'Ciprofloxacin', dosage: '500mg', frequency: 'Twice daily', duration: '7 days', quantity: 14 },
            ],
          },
        },
      });
    });
    // On top, once, though the server lists it last; the count is the server's.
    await screen.findByRole('heading', { name: 'Pending Prescriptions (2)' });
    const cards = screen.getAllByRole('article');
    expect(cards.map((c) => c.getAttribute('aria-label'))).toEqual([
      'Prescription for Bola Ade',
      'Prescription for Chioma Nwosu',
    ]);
    // The bell's toast became this screen's: info, 5 s; never a second one.
    expect(await screen.findAllByText(text)).toHaveLength(1);
    expect(update).toHaveBeenCalledWith('n-7', { type: 'info', autoClose: 5000 });
    expect(info).not.toHaveBeenCalled();
    info.mockRestore();
    update.mockRestore();
  });

  it('shows its own 5 s info toast for a live prescription the bell did not toast', async () => {
    api = fakeApi({ 'GET /consultations/prescriptions/pending': () => pendingPage([]) });
    renderPage();
    await screen.findByText('No pending prescriptions');
    const info = vi.spyOn(toast, 'info');
    act(() =>
      emitLiveEvent({
        type: 'NEW_PRESCRIPTION',
        timestamp: '',
        data: { message: 'New prescription for Bola Ade', consultation: { id: 'c-9' } },
      }),
    );
    // A message without a readable prescription refetches instead of inventing a card.
    await waitFor(() => expect(listCalls()).toHaveLength(2));
    expect(screen.queryByRole('article')).not.toBeInTheDocument();
    expect(info).not.toHaveBeenCalled();
    act(() =>
      emitLiveEvent({
        type: 'NEW_PRESCRIPTION',
        timestamp: '',
        data: {
          message: 'New prescription for Bola Ade',
          consultation: { ...prescription('c-9', 'Bola Ade'), doctor: { name: 'Tunde Bello' } },
        },
      }),
    );
    expect(await screen.findByRole('article', { name: 'Prescription for Bola Ade' })).toBeInTheDocument();
    expect(info).toHaveBeenCalledWith('New prescription for Bola Ade', { autoClose: 5000, toastId: undefined });
    info.mockRestore();
  });

  it('shows the connection banner once the real-time connection has been down for 2 s, and hides it on reconnection', async () => {
    api = fakeApi({ 'GET /consultations/prescriptions/pending': () => pendingPage([]) });
    const { store, ui } = withSession(signedIn(pharmacist), '/user/prescription-request', <PrescriptionRequestPage />);
    store.set(realtimeStatusAtom, 'Disconnected');
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    render(ui);
    await act(async () => settle(() => api.calls.length === 1));
    // Opening the page, before the tab's connection is up: no warning yet.
    act(() => store.set(realtimeStatusAtom, 'Connecting'));
    await act(async () => vi.advanceTimersByTime(1999));
    expect(screen.queryByText(CONNECTION_ISSUE)).not.toBeInTheDocument();
    await act(async () => vi.advanceTimersByTime(1));
    expect(screen.getByRole('alert')).toHaveTextContent(CONNECTION_ISSUE);
    act(() => store.set(realtimeStatusAtom, 'Connected'));
    expect(screen.queryByText(CONNECTION_ISSUE)).not.toBeInTheDocument();
    act(() => store.set(realtimeStatusAtom, 'Error'));
    expect(screen.queryByText(CONNECTION_ISSUE)).not.toBeInTheDocument();
    await act(async () => vi.advanceTimersByTime(2000));
    expect(screen.getByText(CONNECTION_ISSUE)).toBeInTheDocument();
  });
});
