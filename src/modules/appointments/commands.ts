import { randomUUID } from 'node:crypto';
import { titledName } from '../../shared/person-names';
import { WrongExpectedRevision, type EventMetadata } from '../../platform/event-store/port';
import { releaseUnique, reserveUnique } from '../../platform/event-store/unique-reservation';
import type { UnitOfWork } from '../../platform/event-store/unit-of-work';
import { NotFound } from '../../platform/http/errors';
import type { Platform, WaitOptions } from '../../platform/platform';
import { findSettings } from '../hospitals';
import { findPatient, PatientNotFound } from '../patients';
import { findStaff } from '../staff';
import { appointmentStream } from './appointment';
import { appointmentDecider, type AppointmentCommand, type OpeningHours } from './decider';
import { AppointmentNotFound, SlotTaken, StaleAppointmentVersion } from './errors';
import type { Slot } from './events';
import { APPOINTMENTS, findAppointment } from './read-models/appointments';
import { cellStarts, instantOf, wallClock } from './slot-time';

export const SLOT_SCOPE = 'appointment-slot';

export type SlotInput = { date: string; time: string; durationMinutes: number; doctorId: string | null };
export type BookingInput = SlotInput & {
  id?: string;
  patientId: string;
  reason: string;
  contactEmail: string | null;
};

async function hospitalClock(platform: Platform, hospitalId: string) {
  const settings = await findSettings(platform.db, hospitalId);
  if (!settings) throw new NotFound('Hospital not found');
  const hours: OpeningHours = { opensAt: settings.opensAt, closesAt: settings.closesAt, timeZone: settings.timeZone };
  return { timeZone: settings.timeZone, hours };
}

/** The doctor must be an active doctor of this hospital: any other id answers 404. */
async function doctorOf(platform: Platform, hospitalId: string, doctorId: string | null) {
  if (!doctorId) return null;
  const member = await findStaff(platform.db, hospitalId, doctorId);
  if (!member || member.role !== 'doctor' || !member.isActive) throw new NotFound('Doctor not found');
  return { id: member.id, name: titledName('Dr.', member.firstName, member.lastName) };
}

async function slotOf(platform: Platform, hospitalId: string, input: SlotInput, timeZone: string): Promise<Slot> {
  const doctor = await doctorOf(platform, hospitalId, input.doctorId);
  const startsAt = instantOf(input.date, input.time, timeZone).toISOString();
  return { date: input.date, time: input.time, startsAt, durationMinutes: input.durationMinutes, doctor };
}

/**
 * Each 15-minute cell of a doctor's slot is a unique value `<doctorId>|<cell start>`, reserved in
 * the commit that books it: of two desks booking the same slot at once, one commits and the other
 * answers 409. An appointment with no doctor yet reserves nothing.
 */
const cellClaims = (appointmentId: string, slot: Slot) =>
  slot.doctor
    ? cellStarts(slot.startsAt, slot.durationMinutes).map((cell) => ({
        scope: SLOT_SCOPE,
        value: `${slot.doctor!.id}|${cell}`,
        ownerId: appointmentId,
        ownerStream: appointmentStream(appointmentId),
      }))
    : [];

async function reserveCells(uow: UnitOfWork, appointmentId: string, slot: Slot) {
  for (const claim of cellClaims(appointmentId, slot)) await reserveUnique(uow, claim, () => new SlotTaken());
}

async function releaseCells(uow: UnitOfWork, appointmentId: string, slot: Slot) {
  for (const claim of cellClaims(appointmentId, slot)) await releaseUnique(uow, claim);
}

const waitForBook = (wait: WaitOptions = {}) => ({
  ...wait,
  waitFor: [{ name: APPOINTMENTS }, ...(wait.waitFor ?? [])],
});

async function viewOf(platform: Platform, hospitalId: string, appointmentId: string) {
  const view = await findAppointment(platform.db, hospitalId, appointmentId);
  if (!view) throw new AppointmentNotFound();
  return view;
}

export async function bookAppointment(platform: Platform, metadata: EventMetadata, input: BookingInput) {
  const { hospitalId } = metadata;
  const patient = await findPatient(platform.db, hospitalId, input.patientId, new Date());
  if (!patient) throw new PatientNotFound();
  const { timeZone, hours } = await hospitalClock(platform, hospitalId);
  const slot = await slotOf(platform, hospitalId, input, timeZone);
  // A client-chosen id (offline booking) may be taken: its stream is read if the commit says so.
  const appointmentId = input.id ?? randomUUID();
  const fresh = input.id ? { assumeNew: true } : { isNew: true };
  await platform.transact(
    metadata,
    async (uow) => {
      const appointment = await uow.load(appointmentDecider, appointmentStream(appointmentId), fresh);
      uow.decide(appointment, {
        type: 'BookAppointment',
        booking: {
          appointmentId,
          hospitalId,
          patientId: patient.id,
          patientName: patient.name,
          ...slot,
          reason: input.reason,
          contactEmail: input.contactEmail,
          contactPhone: patient.phoneNumber || null,
          timeZone,
        },
        hours,
        now: metadata.occurredAt,
      });
      await reserveCells(uow, appointmentId, slot);
    },
    waitForBook(),
  );
  return viewOf(platform, hospitalId, appointmentId);
}

/**
 * One change to an existing appointment, with the version the client saw pinned when given (a
 * stale one answers 409), and the slot's reservations moved or freed in the same commit.
 */
async function onAppointment(
  platform: Platform,
  metadata: EventMetadata,
  appointmentId: string,
  expectedVersion: number | undefined,
  command: AppointmentCommand,
  wait: WaitOptions = {},
) {
  const stream = appointmentStream(appointmentId);
  try {
    await platform.transact(
      metadata,
      async (uow) => {
        const appointment = await uow.load(appointmentDecider, stream, { expectedVersion });
        const before = appointment.state;
        const events = uow.decide(appointment, command);
        if (before.status === 'none') return;
        for (const e of events) {
          if (e.type === 'AppointmentRescheduled') {
            await releaseCells(uow, appointmentId, before.slot);
            await reserveCells(uow, appointmentId, e.data);
          } else if (e.type === 'AppointmentCancelled' || e.type === 'AppointmentMarkedNoShow') {
            await releaseCells(uow, appointmentId, before.slot);
          }
        }
      },
      waitForBook(wait),
    );
  } catch (e) {
    if (e instanceof WrongExpectedRevision && e.stream === stream) throw new StaleAppointmentVersion();
    throw e;
  }
  return viewOf(platform, metadata.hospitalId, appointmentId);
}

export async function rescheduleAppointment(
  platform: Platform,
  metadata: EventMetadata,
  appointmentId: string,
  input: SlotInput,
  version?: number,
) {
  const { hospitalId } = metadata;
  const { timeZone, hours } = await hospitalClock(platform, hospitalId);
  const slot = await slotOf(platform, hospitalId, input, timeZone);
  const command: AppointmentCommand = {
    type: 'RescheduleAppointment',
    appointmentId,
    hospitalId,
    slot,
    hours,
    now: metadata.occurredAt,
  };
  return onAppointment(platform, metadata, appointmentId, version, command);
}

export function cancelAppointment(
  platform: Platform,
  metadata: EventMetadata,
  appointmentId: string,
  reason: string,
  version?: number,
) {
  const command: AppointmentCommand = {
    type: 'CancelAppointment',
    appointmentId,
    hospitalId: metadata.hospitalId,
    reason,
  };
  return onAppointment(platform, metadata, appointmentId, version, command);
}

/** Checks in on the appointment's day; the patient is Waiting when this answers (reactors/check-in.ts). */
export async function checkInAppointment(
  platform: Platform,
  metadata: EventMetadata,
  appointmentId: string,
  version: number | undefined,
  wait: WaitOptions,
) {
  const { timeZone } = await hospitalClock(platform, metadata.hospitalId);
  const today = wallClock(new Date(metadata.occurredAt), timeZone).date;
  const command: AppointmentCommand = {
    type: 'CheckInAppointment',
    appointmentId,
    hospitalId: metadata.hospitalId,
    today,
  };
  return onAppointment(platform, metadata, appointmentId, version, command, wait);
}

/** A change the system makes on its own (the sweeps, the consultation link); no version pinned. */
export function applyToAppointment(
  platform: Platform,
  metadata: EventMetadata,
  appointmentId: string,
  command: AppointmentCommand,
) {
  return onAppointment(platform, metadata, appointmentId, undefined, command);
}
