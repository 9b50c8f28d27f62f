import { describe, expect, it } from 'vitest';
import type { Appointment } from './api/appointments';
import {
  canCheckIn,
  doctorColumns,
  doneMessage,
  hospitalNow,
  isPastSlot,
  nextFreeSlot,
  quarterHours,
} from './day-view';

const appointment = (over: Partial<Appointment>): Appointment => ({
  id: 'a',
  patientId: 'p',
  patientName: 'Ada Obi',
  doctor: null,
  date: '2026-12-01',
  time: '09:00',
  startsAt: '2026-12-01T08:00:00.000Z',
  durationMinutes: 15,
  reason: 'Review',
  contactEmail: null,
  status: 'booked',
  cancelReason: null,
  checkedInAt: null,
  consultationId: null,
  remindedAt: null,
  bookedBy: 'Bola Ade',
  bookedAt: '2026-11-30T09:00:00.000Z',
  version: 1,
  ...over,
});

describe('the day view', () => {
  it("says what was done in the app's one date format, not the API's ISO date", () => {
    expect(doneMessage('Checked in', { patientName: 'Chiamaka Obi', date: '2026-11-28', time: '04:45' })).toBe(
      'Checked in: Chiamaka Obi, 28 Nov 2026, 04:45',
    );
  });

  it('gives each doctor a column, in time order, and the unassigned ones last', () => {
    const eze = { id: 'd1', name: 'Dr. Eze' };
    const columns = doctorColumns(
      [
        appointment({ id: 'late', doctor: eze, startsAt: '2026-12-01T10:00:00.000Z' }),
        appointment({ id: 'none' }),
        appointment({ id: 'early', doctor: eze }),
      ],
      [eze, { id: 'd2', name: 'Dr. Bello' }],
    );
    expect(columns.map((c) => [c.name, c.appointments.map((a) => a.id)])).toEqual([
      ['Dr. Eze', ['early', 'late']],
      ['Dr. Bello', []],
      ['No doctor yet', ['none']],
    ]);
  });

  it('offers the quarter hours inside opening hours', () => {
    expect(quarterHours('08:00', '09:00')).toEqual(['08:00', '08:15', '08:30', '08:45']);
    expect(quarterHours('00:00', '24:00')).toHaveLength(96);
  });

  it("reckons today and the quarter under way in the hospital's zone", () => {
    expect(hospitalNow(new Date('2026-11-30T23:20:00Z'), 'Africa/Lagos')).toEqual({
      date: '2026-12-01',
      time: '00:20:00',
      quarter: '00:15',
    });
  });

  it('offers the next quarter hour not yet started and not taken for the doctor', () => {
    const hours = { opensAt: '08:00', closesAt: '18:00' };
    const eze = { id: 'd1', name: 'Dr. Eze' };
    const now = { date: '2026-12-01', time: '10:07' };
    const appointments = [
      appointment({ doctor: eze, time: '10:15', durationMinutes: 30 }),
      appointment({ doctor: eze, time: '10:45', status: 'cancelled' }),
      appointment({ doctor: { id: 'd2', name: 'Dr. Bello' }, time: '10:45' }),
    ];
    const base = { date: '2026-12-01', now, hours, appointments };
    // 10:00 is under way (past); 10:15 and 10:30 are Dr Eze's; the cancelled 10:45 is free again.
    expect(nextFreeSlot({ ...base, doctorId: 'd1' })).toBe('10:45');
    expect(nextFreeSlot({ ...base, doctorId: null })).toBe('10:15');
    expect(nextFreeSlot({ ...base, date: '2026-12-02', doctorId: 'd1' })).toBe('08:00');
    expect(nextFreeSlot({ ...base, now: { date: '2026-12-01', time: '17:46' }, doctorId: null })).toBeNull();
    expect(nextFreeSlot({ ...base, date: '2026-11-30', doctorId: null })).toBeNull();
  });

  it('calls a start before the hospital clock past', () => {
    const now = { date: '2026-12-01', time: '10:07' };
    expect(isPastSlot({ date: '2026-12-01', time: '10:00' }, now)).toBe(true);
    expect(isPastSlot({ date: '2026-11-30', time: '17:00' }, now)).toBe(true);
    expect(isPastSlot({ date: '2026-12-01', time: '10:15' }, now)).toBe(false);
  });

  it('calls the quarter hour that began seconds ago past, and offers the next one', () => {
    const now = hospitalNow(new Date('2026-12-01T09:00:40Z'), 'Africa/Lagos');
    expect(isPastSlot({ date: '2026-12-01', time: '10:00' }, now)).toBe(true);
    const hours = { opensAt: '08:00', closesAt: '18:00' };
    expect(nextFreeSlot({ date: '2026-12-01', now, hours, appointments: [], doctorId: null })).toBe('10:15');
    const onTheQuarter = hospitalNow(new Date('2026-12-01T09:00:00Z'), 'Africa/Lagos');
    expect(nextFreeSlot({ date: '2026-12-01', now: onTheQuarter, hours, appointments: [], doctorId: null })).toBe(
      '10:00',
    );
  });

  it('checks in only a booked appointment of today', () => {
    expect(canCheckIn(appointment({}), '2026-12-01')).toBe(true);
    expect(canCheckIn(appointment({}), '2026-12-02')).toBe(false);
    expect(canCheckIn(appointment({ status: 'cancelled' }), '2026-12-01')).toBe(false);
  });
});
