import { BadRequest, Conflict, NotFound } from '../../platform/http/errors';

/** Domain errors of the appointment book; each is the HTTP error it maps to, with the message the desk reads. */
export class AppointmentNotFound extends NotFound {
  constructor() {
    super('Appointment not found');
  }
}

export class SlotTaken extends Conflict {
  constructor() {
    super('This doctor already has an appointment at that time. Please choose another slot.', { code: 'SLOT_TAKEN' });
  }
}

export class OutsideOpeningHours extends BadRequest {
  constructor(opensAt: string, closesAt: string) {
    const message = `Appointments must be within opening hours (${opensAt}–${closesAt})`;
    super(message, [{ field: 'time', message }]);
  }
}

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/** The hospital's wall clock now ({ date: YYYY-MM-DD, time: HH:MM }) is said in the message, day-month-year. */
export class SlotInThePast extends BadRequest {
  constructor(now: { date: string; time: string }) {
    const [y, m, d] = now.date.split('-').map(Number) as [number, number, number];
    const message = `Appointments cannot be booked in the past: it is now ${d} ${MONTHS[m - 1]} ${y}, ${now.time} at the hospital. Please choose a later time.`;
    super(message, [{ field: 'date', message }]);
  }
}

/** Only a booked appointment can be changed; the message says what it is now. */
export class AppointmentNotOpen extends Conflict {
  constructor(status: string) {
    super(`This appointment is ${status} and can no longer be changed`, { code: 'APPOINTMENT_CLOSED' });
  }
}

export class CheckInNotToday extends Conflict {
  constructor() {
    super('Only appointments booked for today can be checked in', { code: 'NOT_TODAY' });
  }
}

export class StaleAppointmentVersion extends Conflict {
  constructor() {
    super('This appointment was changed by someone else. Reload and try again.', { code: 'STALE_VERSION' });
  }
}
