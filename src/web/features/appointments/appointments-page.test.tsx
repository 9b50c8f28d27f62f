import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { signedIn, STAFF_USER, withSession } from '../../app/testing/session-fixtures';
import { appointmentDayEndpoint, appointmentDoctorsEndpoint } from '../../../shared/api/appointments';
import { hospitalSettingsAtom, type HospitalSettings } from '../../lib/hospital-settings';
import { answer, fakeApi, type FakeHandler } from '../../lib/testing/fake-api';
import AppointmentsPage from './appointments-page';

vi.setConfig({ testTimeout: 20_000 });

let api: ReturnType<typeof fakeApi>;
afterEach(() => {
  api.restore();
  vi.useRealTimers();
});
// 20:05 in Lagos: past the 08:00–18:00 a page would guess, inside a hospital open round the clock.
beforeEach(() => {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(new Date('2026-12-01T19:05:00.000Z'));
});

const receptionist = { ...STAFF_USER, role: 'receptionist', roleId: 3 };
const ROUND_THE_CLOCK = { opensAt: '00:00', closesAt: '24:00' };
const day = () =>
  answer(appointmentDayEndpoint, {
    date: '2026-12-01',
    timeZone: 'Africa/Lagos',
    ...ROUND_THE_CLOCK,
    appointments: [],
  });

function renderPage(dayHandler: FakeHandler, settings?: Partial<HospitalSettings>) {
  api = fakeApi({
    'GET /appointments': dayHandler,
    'GET /appointments/doctors': () => answer(appointmentDoctorsEndpoint, { doctors: [] }),
  });
  const { store, ui } = withSession(signedIn(receptionist), '/user/appointments', <AppointmentsPage />);
  if (settings) {
    store.set(hospitalSettingsAtom, {
      userId: receptionist.id,
      settings: { timeZone: 'Africa/Lagos', ...settings } as HospitalSettings,
    });
  }
  render(ui);
}

const proposedSlot = async () => {
  const dialog = await screen.findByRole('dialog', { name: 'Book Appointment' });
  return {
    date: (within(dialog).getByLabelText('Date') as HTMLInputElement).value,
    time: within(dialog).getByRole('button', { name: /Time/ }).textContent,
  };
};

describe('Booking from the appointments page before its day has loaded', () => {
  it("proposes today's next quarter hour from the hospital's settings while the day is still on its way", async () => {
    // The day's answer never comes: the settings the shell read are all the page knows.
    renderPage(() => new Promise(() => undefined), ROUND_THE_CLOCK);
    await userEvent.click(screen.getByRole('button', { name: 'Book Appointment' }));
    const slot = await proposedSlot();
    expect(slot.date).toBe('2026-12-01');
    expect(slot.time).toContain('20:15');
  });

  it('waits for the hours before proposing a slot when neither the day nor the settings are in', async () => {
    let release: () => void = () => undefined;
    const arrived = new Promise<void>((resolve) => (release = resolve));
    renderPage(async () => {
      await arrived;
      return day();
    });
    const book = screen.getByRole('button', { name: 'Book Appointment' });
    expect(book).toBeDisabled();
    release();
    await vi.waitFor(() => expect(book).toBeEnabled());
    await userEvent.click(book);
    const slot = await proposedSlot();
    expect(slot.date).toBe('2026-12-01');
    expect(slot.time).toContain('20:15');
  });
});
