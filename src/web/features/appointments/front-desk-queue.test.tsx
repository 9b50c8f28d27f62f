import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { signedIn, STAFF_USER, withSession } from '../../app/testing/session-fixtures';
import { appointmentDayEndpoint } from '../../../shared/api/appointments';
import { answer, fakeApi, type FakeHandler } from '../../lib/testing/fake-api';
import type { Appointment } from './api/appointments';
import { FrontDeskQueue } from './components/front-desk-queue';

vi.setConfig({ testTimeout: 20_000 });

let api: ReturnType<typeof fakeApi>;
afterEach(() => api.restore());

const receptionist = { ...STAFF_USER, role: 'receptionist', roleId: 3 };
const eze = { id: 'd1', name: 'Dr. Chinedu Eze' };
const appointment = (id: string, time: string, patientName: string, status: Appointment['status']): Appointment => ({
  id,
  patientId: `p-${id}`,
  patientName,
  doctor: eze,
  date: '2026-12-01',
  time,
  startsAt: `2026-12-01T${time}:00.000+01:00`,
  durationMinutes: 15,
  reason: 'Review',
  contactEmail: null,
  status,
  cancelReason: null,
  checkedInAt: null,
  consultationId: null,
  remindedAt: null,
  bookedBy: 'Bola Ade',
  bookedAt: '2026-11-30T09:00:00.000Z',
  version: 1,
});
const day = (appointments: Appointment[]) =>
  answer(appointmentDayEndpoint, {
    date: '2026-12-01',
    timeZone: 'Africa/Lagos',
    opensAt: '08:00',
    closesAt: '18:00',
    appointments,
  });

function renderQueue(handler: FakeHandler) {
  api = fakeApi({ 'GET /appointments': handler });
  render(withSession(signedIn(receptionist), '/user/dashboard', <FrontDeskQueue />).ui);
}
const group = (name: RegExp) => within(screen.getByRole('region', { name }));

describe("The front desk's queue for today", () => {
  it('shows who is booked, who has checked in and waits, and who has been seen, in time order', async () => {
    renderQueue(() =>
      day([
        appointment('c', '10:30', 'Bola Ade', 'booked'),
        appointment('a', '09:00', 'Ada Obi', 'attended'),
        appointment('b', '09:45', 'Musa Bello', 'checked in'),
        appointment('d', '10:00', 'Ngozi Eke', 'booked'),
        appointment('e', '08:15', 'Gone Away', 'cancelled'),
      ]),
    );
    expect(screen.getByText("Loading today's queue...")).toBeInTheDocument();
    await screen.findByRole('region', { name: /Checked in, waiting/ });
    const names = (r: ReturnType<typeof group>) => r.getAllByRole('listitem').map((li) => li.textContent);
    expect(names(group(/Booked, not yet arrived \(2\)/))).toEqual([
      expect.stringContaining('10:00Ngozi Eke'),
      expect.stringContaining('10:30Bola Ade'),
    ]);
    expect(names(group(/Checked in, waiting \(1\)/))).toEqual([expect.stringContaining('Musa Bello')]);
    expect(names(group(/Seen \(1\)/))).toEqual([expect.stringContaining('Ada Obi')]);
    expect(screen.queryByText('Gone Away')).not.toBeInTheDocument();
    expect(api.calls.find((c) => c.path === '/appointments')?.query.get('date')).toBeNull();
  });

  it('says when nobody is booked today', async () => {
    renderQueue(() => day([appointment('e', '08:15', 'Gone Away', 'cancelled')]));
    expect(await screen.findByText('No appointments today')).toBeInTheDocument();
  });

  it('shows a failure with a retry that the keyboard reaches', async () => {
    let fail = true;
    renderQueue(() => (fail ? { status: 500, body: { success: false, message: 'Server down' } } : day([])));
    const retry = await screen.findByRole('button', { name: /retry|try again/i });
    fail = false;
    const user = userEvent.setup({ delay: null });
    retry.focus();
    await user.keyboard('{Enter}');
    expect(await screen.findByText('No appointments today')).toBeInTheDocument();
  });
});
