import type { AppointmentStatus } from '../../shared/api/appointments';
import type { AppointmentBooked, AppointmentEvent, Slot } from './events';

export type { AppointmentStatus } from '../../shared/api/appointments';

type Booking = Omit<AppointmentBooked['data'], keyof Slot>;

/** An appointment, stream `appointment-<appointmentId>`. */
export type AppointmentState =
  { status: 'none' } | { status: AppointmentStatus; booking: Booking; slot: Slot; reminded: boolean };

export const appointmentStream = (appointmentId: string) => `appointment-${appointmentId}`;

export const initialAppointmentState = (): AppointmentState => ({ status: 'none' });

const slotOf = (d: Slot): Slot => ({
  date: d.date,
  time: d.time,
  startsAt: d.startsAt,
  durationMinutes: d.durationMinutes,
  doctor: d.doctor,
});

export function evolveAppointment(state: AppointmentState, event: AppointmentEvent): AppointmentState {
  if (event.type === 'AppointmentBooked') {
    const { date: _d, time: _t, startsAt: _s, durationMinutes: _m, doctor: _doc, ...booking } = event.data;
    return { status: 'booked', booking, slot: slotOf(event.data), reminded: false };
  }
  if (state.status === 'none') return state;
  switch (event.type) {
    case 'AppointmentRescheduled':
      return { ...state, slot: slotOf(event.data), reminded: false };
    case 'AppointmentCancelled':
      return { ...state, status: 'cancelled' };
    case 'AppointmentCheckedIn':
      return { ...state, status: 'checked in' };
    case 'AppointmentMarkedNoShow':
      return { ...state, status: 'no-show' };
    case 'AppointmentReminderSent':
      return { ...state, reminded: true };
    case 'AppointmentAttended':
      return { ...state, status: 'attended' };
    default:
      return state;
  }
}
