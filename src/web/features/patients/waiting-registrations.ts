import type { QueuedCommand } from '../../lib/offline/queue';
import type { PatientListItem } from './api/patient-schemas';

/** A registration kept on this device, shown in the list before the server has it (issue 34 §6). */
export type WaitingPatient = PatientListItem & { waitingToSend: true };

const text = (v: unknown) => (typeof v === 'string' ? v : '');

/** Whole years from a YYYY-MM-DD birth date to `now`, or null for a date that is not one. */
export function ageOn(dateOfBirth: string, now: Date): number | null {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(dateOfBirth);
  if (!m) return null;
  const [y, mo, d] = [Number(m[1]), Number(m[2]), Number(m[3])];
  let age = now.getUTCFullYear() - y;
  if (now.getUTCMonth() + 1 < mo || (now.getUTCMonth() + 1 === mo && now.getUTCDate() < d)) age -= 1;
  return age >= 0 ? age : null;
}

/**
 * The registrations this device still has to send, newest first, as list rows; a registration the
 * list already holds (sent, its queue entry not yet cleared) is left out. Only those still waiting:
 * a refused one is the conflicts panel's business.
 */
export function waitingRegistrations(commands: QueuedCommand[], shown: string[], now: Date): WaitingPatient[] {
  const known = new Set(shown);
  return commands
    .filter((c) => c.kind === 'register-patient' && c.state === 'pending')
    .filter((c) => !known.has(text(c.body.id)))
    .sort((a, b) => b.seq - a.seq)
    .map((c) => {
      const firstName = text(c.body.firstName);
      const lastName = text(c.body.lastName);
      return {
        id: text(c.body.id) || c.id,
        name: `${firstName} ${lastName}`.trim(),
        firstName,
        lastName,
        age: ageOn(text(c.body.dateOfBirth), now),
        gender: text(c.body.gender),
        contact: text(c.body.phoneNumber),
        status: 'waiting',
        dateRegistered: c.deviceTime,
        identificationNumber: text(c.body.identificationNumber),
        diagnosis: null,
        vitals: null,
        registeredBy: null,
        waitingToSend: true as const,
      };
    });
}

export const isWaiting = (p: PatientListItem): p is WaitingPatient =>
  (p as Partial<WaitingPatient>).waitingToSend === true;
