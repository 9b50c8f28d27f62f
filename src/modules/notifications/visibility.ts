import { ROLE_CODES, type RoleCode } from '../../shared/roles';
import { ROLE_CHANNELS } from '../../platform/realtime/channels';

/**
 * Who receives each server message, and who gets the popup (product-spec-1 §6). Delivery and
 * notification are two things: a role receives a message when it needs it for a live list
 * (`follow`, notify: false) or for a popup (`notify`, notify: true); nobody else receives it.
 * To add a message type: one row here, one rule in rules.ts.
 */
export const SERVER_MESSAGE_TYPES = [
  'NEW_PRESCRIPTION',
  'NEW_LAB_ORDER',
  'PRESCRIPTION_DISPENSED',
  'LAB_RESULTS_READY',
  'CONSULTATION_CREATED',
  'patient_created',
  'patient_updated',
  'patient_status_changed',
  'patient_vitals_updated',
  'patient_deleted',
  'user_created',
  'user_updated',
  'user_status_changed',
  'user_deleted',
  'profile_updated',
  'hospital_announcement',
  'invoice_created',
  'payment_received',
  'appointment_booked',
  'appointment_checked_in',
  'appointment_cancelled',
] as const;
export type ServerMessageType = (typeof SERVER_MESSAGE_TYPES)[number];

/** The patient statuses whose change each role gets a popup for (§6, "Patient status change, by new status"). */
export const STATUS_POPUPS: Readonly<Partial<Record<RoleCode, 'all' | readonly string[]>>> = {
  admin: 'all',
  doctor: ['consultation', 'test complete', 'refer for test'],
  nurse: ['waiting', 'consultation', 'test complete'],
  receptionist: ['waiting', 'discharged'],
  lab_technician: ['refer for test', 'test complete'],
  pharmacist: ['test complete', 'discharged'],
};

/** The roles whose screens list patients (waiting list, recent patients, the admin chart). */
const PATIENT_DESKS = ['admin', 'doctor', 'nurse', 'receptionist'] as const satisfies readonly RoleCode[];

type Visibility = {
  /** The channel it travels on; a role without it gets it on its own first channel (see channelFor). */
  channel: string;
  /** Roles that get the popup; a function of the message data where §6 makes it depend on it. */
  notify: 'everyone' | readonly RoleCode[] | ((data: Record<string, unknown>) => readonly RoleCode[]);
  /** Roles that receive it without a popup, for their live lists. */
  follow?: readonly RoleCode[] | ((data: Record<string, unknown>) => readonly RoleCode[]);
  /** What docs/websocket.md says where the audience depends on the message (a test compares). */
  doc?: { popup: string; silent: string };
};

const statusPopups = (data: Record<string, unknown>) =>
  ROLE_CODES.filter((role) => {
    const statuses = STATUS_POPUPS[role];
    return statuses === 'all' || (statuses?.includes(String(data.newStatus)) ?? false);
  });

/** The front desk gets one message, the doctor concerned a copy of their own (appointment-rules.ts). */
const APPOINTMENT_DESK = ['receptionist', 'nurse'] as const satisfies readonly RoleCode[];
const appointmentAudience = (data: Record<string, unknown>): readonly RoleCode[] =>
  data.forDoctor ? ['doctor'] : APPOINTMENT_DESK;
const APPOINTMENT_READERS = 'receptionist, nurse, the doctor concerned';

export const VISIBILITY: Readonly<Record<ServerMessageType, Visibility>> = {
  NEW_PRESCRIPTION: { channel: 'prescriptions', notify: ['pharmacist'], follow: ['doctor'] },
  NEW_LAB_ORDER: { channel: 'lab_orders', notify: ['lab_technician'], follow: ['doctor'] },
  PRESCRIPTION_DISPENSED: { channel: 'prescriptions', notify: ['doctor'], follow: ['pharmacist'] },
  LAB_RESULTS_READY: { channel: 'test_results', notify: ['doctor'], follow: ['lab_technician'] },
  CONSULTATION_CREATED: { channel: 'consultations', notify: [], follow: ['doctor', 'nurse'] },
  patient_created: { channel: 'patients', notify: PATIENT_DESKS },
  patient_updated: { channel: 'patients', notify: PATIENT_DESKS },
  patient_status_changed: { channel: 'patients', notify: statusPopups, follow: PATIENT_DESKS },
  // Vitals are clinical news: the receptionist's list does not show them.
  patient_vitals_updated: { channel: 'patients', notify: ['admin', 'doctor', 'nurse'] },
  // Not a popup anywhere (§6 names none); the lists drop the record.
  patient_deleted: { channel: 'patients', notify: [], follow: PATIENT_DESKS },
  user_created: { channel: 'users', notify: ['admin'] },
  user_updated: { channel: 'users', notify: ['admin'] },
  user_status_changed: { channel: 'users', notify: ['admin'] },
  user_deleted: { channel: 'users', notify: ['admin'] },
  // Sent only to the person it is about (rules.ts names them).
  profile_updated: { channel: 'general', notify: 'everyone' },
  hospital_announcement: { channel: 'general', notify: 'everyone' },
  // The accountant's desk (§6 accountant channel); the admin's billing screens follow without a popup.
  invoice_created: { channel: 'billing', notify: ['accountant'], follow: ['admin'] },
  payment_received: { channel: 'billing', notify: ['accountant'], follow: ['admin'] },
  // Issue 24: only a check-in pops up; the doctor's copy is addressed to the doctor concerned.
  appointment_booked: {
    channel: 'appointments',
    notify: [],
    follow: appointmentAudience,
    doc: { popup: 'none', silent: APPOINTMENT_READERS },
  },
  appointment_checked_in: {
    channel: 'appointments',
    notify: appointmentAudience,
    doc: { popup: APPOINTMENT_READERS, silent: 'none' },
  },
  appointment_cancelled: {
    channel: 'appointments',
    notify: [],
    follow: appointmentAudience,
    doc: { popup: 'none', silent: APPOINTMENT_READERS },
  },
};

/** role → notify for one message: only the roles that receive it appear. */
export type Audience = Partial<Record<RoleCode, boolean>>;

export function audienceOf(type: ServerMessageType, data: Record<string, unknown>): Audience {
  const v = VISIBILITY[type];
  const notify = v.notify === 'everyone' ? ROLE_CODES : typeof v.notify === 'function' ? v.notify(data) : v.notify;
  const audience: Audience = {};
  const follow = typeof v.follow === 'function' ? v.follow(data) : (v.follow ?? []);
  for (const role of follow) audience[role] = false;
  for (const role of notify) audience[role] = true;
  return audience;
}

/** The channel a role receives `type` on: the message's own when the role has it, else the role's first. */
export function channelFor(role: string, type: ServerMessageType): string {
  const wanted = VISIBILITY[type].channel;
  const own = Object.hasOwn(ROLE_CHANNELS, role) ? ROLE_CHANNELS[role]! : [];
  return wanted === 'general' || own.includes(wanted) ? wanted : (own[0] ?? 'general');
}
