import type { Decider } from '../../platform/event-store/command-handler';
import { Conflict } from '../../platform/http/errors';
import { evolveAppointment, initialAppointmentState, type AppointmentState } from './appointment';
import { AppointmentNotFound, AppointmentNotOpen, CheckInNotToday, OutsideOpeningHours, SlotInThePast } from './errors';
import type { AppointmentBooked, AppointmentEvent, Slot } from './events';
import { minutesOf, wallClock } from './slot-time';

/** Opening hours on the wall clock of `timeZone` (the hospital's). */
export type OpeningHours = { opensAt: string; closesAt: string; timeZone: string };
type Target = { appointmentId: string; hospitalId: string };

/** `now` (ISO) and the opening hours come in on the command: `decide` reads no clock and no table. */
export type BookAppointment = {
  type: 'BookAppointment';
  booking: AppointmentBooked['data'];
  hours: OpeningHours;
  now: string;
};
export type RescheduleAppointment = Target & {
  type: 'RescheduleAppointment';
  slot: Slot;
  hours: OpeningHours;
  now: string;
};
export type CancelAppointment = Target & { type: 'CancelAppointment'; reason: string };
export type CheckInAppointment = Target & { type: 'CheckInAppointment'; today: string };
export type MarkNoShow = Target & { type: 'MarkNoShow'; today: string };
export type RecordReminder = Target & { type: 'RecordReminder'; channels: ('email' | 'sms')[] };
export type LinkConsultation = Target & {
  type: 'LinkConsultation';
  consultationId: string;
  doctor: { id: string; name: string };
};
export type AppointmentCommand =
  | BookAppointment
  | RescheduleAppointment
  | CancelAppointment
  | CheckInAppointment
  | MarkNoShow
  | RecordReminder
  | LinkConsultation;

type Existing = Exclude<AppointmentState, { status: 'none' }>;

function existingIn(state: AppointmentState, hospitalId: string): Existing {
  if (state.status === 'none' || state.booking.hospitalId !== hospitalId) throw new AppointmentNotFound();
  return state;
}

function open(state: AppointmentState, hospitalId: string): Existing {
  const current = existingIn(state, hospitalId);
  if (current.status !== 'booked') throw new AppointmentNotOpen(current.status);
  return current;
}

/** Inside opening hours, start to end, and not over yet. */
function checkSlot(slot: Slot, hours: OpeningHours, now: string) {
  const start = minutesOf(slot.time);
  if (start < minutesOf(hours.opensAt) || start + slot.durationMinutes > minutesOf(hours.closesAt))
    throw new OutsideOpeningHours(hours.opensAt, hours.closesAt);
  // A start that has already passed is refused, the quarter hour under way included (issue 34 §6):
  // the desk is offered the next free quarter hour instead.
  if (Date.parse(slot.startsAt) < Date.parse(now)) throw new SlotInThePast(wallClock(new Date(now), hours.timeZone));
}

const context = (s: Existing) => ({
  appointmentId: s.booking.appointmentId,
  patientId: s.booking.patientId,
  patientName: s.booking.patientName,
});

function book(command: BookAppointment, state: AppointmentState): AppointmentEvent[] {
  if (state.status !== 'none') throw new Conflict('This appointment already exists');
  checkSlot(command.booking, command.hours, command.now);
  return [{ type: 'AppointmentBooked', data: command.booking }];
}

function reschedule(command: RescheduleAppointment, state: AppointmentState): AppointmentEvent[] {
  const current = open(state, command.hospitalId);
  const { slot } = command;
  const same =
    slot.startsAt === current.slot.startsAt &&
    slot.durationMinutes === current.slot.durationMinutes &&
    slot.doctor?.id === current.slot.doctor?.id;
  if (same) return [];
  checkSlot(slot, command.hours, command.now);
  return [{ type: 'AppointmentRescheduled', data: { ...context(current), ...slot, previous: current.slot } }];
}

function cancel(command: CancelAppointment, state: AppointmentState): AppointmentEvent[] {
  const current = open(state, command.hospitalId);
  return [{ type: 'AppointmentCancelled', data: { ...context(current), ...current.slot, reason: command.reason } }];
}

function checkIn(command: CheckInAppointment, state: AppointmentState): AppointmentEvent[] {
  const current = open(state, command.hospitalId);
  if (current.slot.date !== command.today) throw new CheckInNotToday();
  return [{ type: 'AppointmentCheckedIn', data: { ...context(current), ...current.slot } }];
}

/** Only a booked appointment whose day is over; anything else is left as it is (the sweep may repeat). */
function markNoShow(command: MarkNoShow, state: AppointmentState): AppointmentEvent[] {
  const current = existingIn(state, command.hospitalId);
  if (current.status !== 'booked' || current.slot.date >= command.today) return [];
  return [{ type: 'AppointmentMarkedNoShow', data: { ...context(current), ...current.slot } }];
}

function recordReminder(command: RecordReminder, state: AppointmentState): AppointmentEvent[] {
  const current = existingIn(state, command.hospitalId);
  if (current.status !== 'booked' || current.reminded) return [];
  const { date, time } = current.slot;
  return [{ type: 'AppointmentReminderSent', data: { ...context(current), date, time, channels: command.channels } }];
}

function link(command: LinkConsultation, state: AppointmentState): AppointmentEvent[] {
  const current = existingIn(state, command.hospitalId);
  if (current.status !== 'checked in') return [];
  const { consultationId, doctor } = command;
  return [{ type: 'AppointmentAttended', data: { ...context(current), consultationId, doctor } }];
}

export const appointmentDecider: Decider<AppointmentCommand, AppointmentEvent, AppointmentState> = {
  initialState: initialAppointmentState,
  evolve: evolveAppointment,
  decide: (command, state) => {
    switch (command.type) {
      case 'BookAppointment':
        return book(command, state);
      case 'RescheduleAppointment':
        return reschedule(command, state);
      case 'CancelAppointment':
        return cancel(command, state);
      case 'CheckInAppointment':
        return checkIn(command, state);
      case 'MarkNoShow':
        return markNoShow(command, state);
      case 'RecordReminder':
        return recordReminder(command, state);
      case 'LinkConsultation':
        return link(command, state);
      default: {
        const never: never = command;
        throw new Error(`Unknown command ${(never as { type: string }).type}`);
      }
    }
  },
};
