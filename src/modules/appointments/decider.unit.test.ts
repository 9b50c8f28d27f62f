import { describe, it } from 'vitest';
import { given } from '../../../test/helpers/given';
import { appointmentDecider } from './decider';
import { AppointmentNotFound, AppointmentNotOpen, CheckInNotToday, OutsideOpeningHours, SlotInThePast } from './errors';
import type { AppointmentBooked, AppointmentEvent } from './events';

const doctor = { id: 'd-1', name: 'Dr Eze' };
const booking: AppointmentBooked['data'] = {
  appointmentId: 'a-1',
  hospitalId: 'h-1',
  patientId: 'p-1',
  patientName: 'Ada Obi',
  date: '2026-12-01',
  time: '09:00',
  // 09:00 in Lagos (UTC+1).
  startsAt: '2026-12-01T08:00:00.000Z',
  durationMinutes: 15,
  doctor,
  reason: 'Follow-up',
  contactEmail: null,
  contactPhone: '+234 806 000 0000',
  timeZone: 'Africa/Lagos',
};
const hours = { opensAt: '08:00', closesAt: '18:00', timeZone: 'Africa/Lagos' };
const now = '2026-11-30T12:00:00.000Z';
const context = { appointmentId: 'a-1', patientId: 'p-1', patientName: 'Ada Obi' };
const slot = { date: '2026-12-01', time: '09:00', startsAt: booking.startsAt, durationMinutes: 15, doctor };
const booked: AppointmentEvent = { type: 'AppointmentBooked', data: booking };
const target = { appointmentId: 'a-1', hospitalId: 'h-1' };
const later = { ...slot, time: '10:30', startsAt: '2026-12-01T09:30:00.000Z', durationMinutes: 30 };

describe('appointment decider', () => {
  it('books a slot inside opening hours', () =>
    given(appointmentDecider).when({ type: 'BookAppointment', booking, hours, now }).then([booked]));

  it('refuses a slot before opening', () =>
    given(appointmentDecider)
      .when({ type: 'BookAppointment', booking: { ...booking, time: '07:45' }, hours, now })
      .thenThrows(OutsideOpeningHours, 'Appointments must be within opening hours (08:00–18:00)'));

  it('refuses a slot that runs past closing', () =>
    given(appointmentDecider)
      .when({ type: 'BookAppointment', booking: { ...booking, time: '17:45', durationMinutes: 30 }, hours, now })
      .thenThrows(OutsideOpeningHours));

  it('books a slot that starts now', () =>
    given(appointmentDecider)
      .when({ type: 'BookAppointment', booking, hours, now: '2026-12-01T08:00:00.000Z' })
      .then([booked]));

  it("refuses the quarter hour under way, saying the hospital's time", () =>
    given(appointmentDecider)
      .when({ type: 'BookAppointment', booking, hours, now: '2026-12-01T08:07:00.000Z' })
      .thenThrows(SlotInThePast, 'it is now 1 Dec 2026, 09:07 at the hospital'));

  it('refuses a reschedule into the past', () =>
    given(appointmentDecider, [booked])
      .when({ type: 'RescheduleAppointment', ...target, slot: later, hours, now: '2026-12-01T09:31:00.000Z' })
      .thenThrows(SlotInThePast));

  it('reschedules with the slot it replaces', () =>
    given(appointmentDecider, [booked])
      .when({ type: 'RescheduleAppointment', ...target, slot: later, hours, now })
      .then([{ type: 'AppointmentRescheduled', data: { ...context, ...later, previous: slot } }]));

  it('records nothing for a reschedule to the same slot', () =>
    given(appointmentDecider, [booked])
      .when({ type: 'RescheduleAppointment', ...target, slot, hours, now })
      .then([]));

  it('cancels with a reason', () =>
    given(appointmentDecider, [booked])
      .when({ type: 'CancelAppointment', ...target, reason: 'Travelling' })
      .then([{ type: 'AppointmentCancelled', data: { ...context, ...slot, reason: 'Travelling' } }]));

  it('checks in on the day', () =>
    given(appointmentDecider, [booked])
      .when({ type: 'CheckInAppointment', ...target, today: '2026-12-01' })
      .then([{ type: 'AppointmentCheckedIn', data: { ...context, ...slot } }]));

  it('refuses a check-in on another day', () =>
    given(appointmentDecider, [booked])
      .when({ type: 'CheckInAppointment', ...target, today: '2026-11-30' })
      .thenThrows(CheckInNotToday));

  it('refuses to change a cancelled appointment', () =>
    given(appointmentDecider, [booked, { type: 'AppointmentCancelled', data: { ...context, ...slot, reason: 'x' } }])
      .when({ type: 'CheckInAppointment', ...target, today: '2026-12-01' })
      .thenThrows(AppointmentNotOpen, 'This appointment is cancelled and can no longer be changed'));

  it('marks a no-show once the day is over', () =>
    given(appointmentDecider, [booked])
      .when({ type: 'MarkNoShow', ...target, today: '2026-12-02' })
      .then([{ type: 'AppointmentMarkedNoShow', data: { ...context, ...slot } }]));

  it('does not mark a no-show on the day itself', () =>
    given(appointmentDecider, [booked])
      .when({ type: 'MarkNoShow', ...target, today: '2026-12-01' })
      .then([]));

  it('does not mark a checked-in patient a no-show', () =>
    given(appointmentDecider, [booked, { type: 'AppointmentCheckedIn', data: { ...context, ...slot } }])
      .when({ type: 'MarkNoShow', ...target, today: '2026-12-02' })
      .then([]));

  it('sends the reminder once', () =>
    given(appointmentDecider, [
      booked,
      { type: 'AppointmentReminderSent', data: { ...context, date: slot.date, time: slot.time, channels: ['sms'] } },
    ])
      .when({ type: 'RecordReminder', ...target, channels: ['sms'] })
      .then([]));

  it('links the consultation of a checked-in patient', () =>
    given(appointmentDecider, [booked, { type: 'AppointmentCheckedIn', data: { ...context, ...slot } }])
      .when({ type: 'LinkConsultation', ...target, consultationId: 'c-1', doctor })
      .then([{ type: 'AppointmentAttended', data: { ...context, consultationId: 'c-1', doctor } }]));

  it("hides another hospital's appointment", () =>
    given(appointmentDecider, [booked])
      .when({ type: 'CancelAppointment', ...target, hospitalId: 'h-2', reason: 'x' })
      .thenThrows(AppointmentNotFound));
});
