import { describe, expect, it } from 'vitest';
import type { QueuedCommand } from '../../../lib/offline/queue';
import { waitingBookings } from './waiting-bookings';

function booking(seq: number, date: string, time: string, name: string, extra: Partial<QueuedCommand> = {}) {
  const command: QueuedCommand = {
    id: `cmd-${seq}`,
    userId: 'u-1',
    hospitalId: 'h-1',
    kind: 'book-appointment',
    method: 'POST',
    route: 'appointments',
    body: { id: `appt-${seq}`, date, time, durationMinutes: 30, doctorId: null, patientId: 'p-1', reason: 'Review' },
    label: `Appointment for ${name}, ${date} ${time}`,
    deviceTime: '2026-11-27T09:58:00.000Z',
    createdAt: '2026-11-27T09:58:00.000Z',
    seq,
    state: 'pending',
    ...extra,
  };
  return command;
}

describe('bookings waiting to send', () => {
  it('lists the day’s pending bookings by time, named as booked, and nothing else', () => {
    const commands = [
      booking(1, '2026-11-27', '11:00', 'Bola Ade'),
      booking(2, '2026-11-27', '09:15', 'Ada Obi, Jr'),
      booking(3, '2026-11-28', '09:00', 'Tomorrow Person'),
      booking(4, '2026-11-27', '10:00', 'Refused Person', { state: 'conflict' }),
      booking(5, '2026-11-27', '10:30', 'Vitals Person', { kind: 'check-in-appointment' }),
    ];
    expect(waitingBookings(commands, '2026-11-27')).toEqual([
      { id: 'appt-2', time: '09:15', durationMinutes: 30, patientName: 'Ada Obi, Jr' },
      { id: 'appt-1', time: '11:00', durationMinutes: 30, patientName: 'Bola Ade' },
    ]);
    expect(waitingBookings([], '2026-11-27')).toEqual([]);
  });
});
