import type { DomainEvent } from '../../platform/event-store/port';
import { moduleName } from '../../shared/access-matrix';
import { ROLE_LABELS, type RoleCode } from '../../shared/roles';
import { describeAppointment } from './appointment-actions';
import { describeBilling } from './billing-actions';
import { describeClinical } from './clinical-actions';
import { listReadSentence } from './list-actions';

/**
 * What an event means in the trail: a short sentence in the past tense, the record it is about,
 * and how it ended. Written from the event alone plus the names the projection keeps; event types
 * this file does not know (a module that lands later) get a sentence from their type name and a
 * subject from the first id field they carry.
 */
export type Described = {
  action: string;
  subjectType: string | null;
  subjectId: string | null;
  outcome: 'success' | 'failure' | 'denied';
};

/** Names the projection knows: `name('patient', id)` → 'Ada Obi', or undefined. */
export type NameOf = (kind: string, id: string) => string | undefined;

type Data = Record<string, unknown>;

/**
 * Events that are never an entry of their own: they ride along with the one that is (a
 * registration's reservation, the session a sign-in starts, the account change behind a staff
 * edit), in the same commit or the same request. They stay in the table, in the chain and in a
 * record's history.
 */
export const SECONDARY_TYPES: ReadonlySet<string> = new Set([
  'UniqueValueReserved',
  'UniqueValueReleased',
  // A registration's likely-duplicate keys (phone, names and birth date) ride with it.
  'SharedValueClaimed',
  'SharedValueReleased',
  // An offline device's command id rides with the command it keys.
  'IdempotencyKeyReserved',
  'StaffSeatAssigned',
  'StaffSeatReleased',
  'AccountProfileChanged',
  'AccountDisabled',
  'AccountEnabled',
  'AccountClosed',
  'SessionStarted',
  'SessionRevoked',
  'TenantRegistered',
  'TenantStatusChanged',
  // A new name rides with its HospitalSettingsChanged.
  'TenantRenamed',
  'AccountCredentialsStaged',
  'VerificationCodeVoided',
  // The address a registration holds rides with its HospitalRegistrationSubmitted.
  'ApplicantRegistrationOpened',
  // A payment's receipt number rides with its PaymentRecorded.
  'ReceiptNumberIssued',
  // A claim's number rides with its ClaimSubmitted.
  'ClaimNumberIssued',
]);

/** Entries only when nothing else in their commit is one (an account made for a new hire, a code sent again). */
export const LOW_PRIORITY_TYPES: ReadonlySet<string> = new Set([
  'AccountProvisioned',
  'VerificationCodeIssued',
  // A mail of the registration flow: an entry of its own only for an address that has an account.
  'ApplicantMailSent',
  'TemporaryPasswordIssued',
  // The attempt that locks an account is the lock.
  'LoginFailed',
  // A consultation's commit is the consultation; a dispensing's is the prescription dispensed.
  'PrescriptionIssued',
  'LabRequestOrdered',
  'MedicationDispensed',
]);

/** 0: the commit's entry; 1: only when no 0 is there; 2: never. */
export function entryRank(type: string): 0 | 1 | 2 {
  return SECONDARY_TYPES.has(type) ? 2 : LOW_PRIORITY_TYPES.has(type) ? 1 : 0;
}

const FIELD_LABELS: Record<string, string> = {
  firstName: 'first name',
  lastName: 'last name',
  dateOfBirth: 'date of birth',
  phoneNumber: 'phone number',
  identificationNumber: 'identification number',
  emergencyContactName: 'emergency contact name',
  emergencyContactRelationship: 'emergency contact relationship',
  emergencyContactPhone: 'emergency contact phone',
  idleTimeoutMinutes: 'idle time-out (minutes)',
  defaultConsultationFee: 'default consultation fee',
  timeZone: 'time zone',
};

export function fieldLabel(field: string): string {
  return FIELD_LABELS[field] ?? words(field);
}

/** 'PatientRecordDeleted' → 'patient record deleted'. */
export function words(type: string): string {
  return type
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .replace(/[_-]+/g, ' ')
    .toLowerCase()
    .trim();
}

const str = (v: unknown) => (typeof v === 'string' ? v : v === undefined || v === null ? '' : String(v));

/** Id fields a future module's events may carry, most specific first. */
const GENERIC_SUBJECTS: [field: string, kind: string][] = [
  ['prescriptionId', 'prescription'],
  ['labRequestId', 'lab request'],
  ['labOrderId', 'lab request'],
  ['invoiceId', 'invoice'],
  ['paymentId', 'payment'],
  ['consultationId', 'consultation'],
  ['patientId', 'patient'],
  ['userId', 'user'],
  ['hospitalId', 'hospital'],
];

// Helpers of `describe`, out here rather than closures over the event: every closure created
// costs a call that names it (tsx keeps function names), five an event, millions in a rebuild.
const ok = (action: string, subjectType: string | null, subjectId: unknown): Described => ({
  action,
  subjectType,
  subjectId: subjectId === undefined || subjectId === null ? null : str(subjectId),
  outcome: 'success',
});
const patientNamed = (d: Data, name: NameOf) =>
  name('patient', str(d.patientId)) ?? `patient ${str(d.patientId).slice(0, 8)}`;
const userNamed = (d: Data, name: NameOf) => {
  const id = str(d.userId);
  return name('user', id) ?? `user ${id.slice(0, 8)}`;
};
const onPatient = (d: Data, action: string) => ok(action, 'patient', d.patientId);
const onUser = (d: Data, action: string) => ok(action, 'user', d.userId);

export function describe(event: DomainEvent, name: NameOf): Described {
  const d = event.data as Data;
  const fullName = `${str(d.firstName)} ${str(d.lastName)}`.trim();

  switch (event.type) {
    // ─── Patients
    case 'PatientRegistered':
      return onPatient(d, `Registered patient ${fullName}`);
    case 'PatientDetailsEdited': {
      const fields = Object.keys((d.changes as Data) ?? {}).map(fieldLabel);
      return onPatient(d, `Edited ${patientNamed(d, name)}: ${fields.join(', ') || 'no fields'}`);
    }
    case 'PatientStatusChanged':
      return onPatient(d, `Changed status of ${patientNamed(d, name)} from ${str(d.from)} to ${str(d.to)}`);
    case 'VitalsRecorded':
      return onPatient(d, `Recorded vitals for ${patientNamed(d, name)}`);
    case 'PatientRecordDeleted':
      return onPatient(d, `Deleted the record of ${patientNamed(d, name)}`);
    // ─── Access
    case 'RecordAccessed': {
      const kind = str(d.subjectType);
      const id = d.subjectId === null ? null : str(d.subjectId);
      if (d.replayed === true) {
        const ids = Array.isArray(d.patientIds) ? d.patientIds.map(str) : [];
        const count = typeof d.patientCount === 'number' ? d.patientCount : ids.length;
        const shown =
          ids.length === 1
            ? (name('patient', ids[0]!) ?? `patient ${ids[0]!.slice(0, 8)}`)
            : `${count} patient${count === 1 ? '' : 's'}`;
        return ok(`Received the ${str(d.what)} answer again (a resent request), showing ${shown}`, kind, id);
      }
      if (id === null && Array.isArray(d.patientIds)) {
        const shown = typeof d.patientCount === 'number' ? d.patientCount : d.patientIds.length;
        return ok(listReadSentence(`${kind} ${str(d.what)}`, d.query, shown), kind, null);
      }
      const who = id ? (name(kind, id) ?? `${kind} ${id.slice(0, 8)}`) : `${kind} records`;
      const asOf = d.asOf ? ` as of ${str(d.asOf)}` : '';
      const format = d.format ? ` (${str(d.format).toUpperCase()})` : '';
      const verb =
        d.what === 'export' ? `Exported the record of ${who}${format}` : `Viewed the ${str(d.what)} of ${who}`;
      return ok(`${verb}${asOf}`, kind, id);
    }
    case 'AccessRefused': {
      const kind = str(d.subjectType);
      const id = d.subjectId === null ? null : str(d.subjectId);
      const who = id ? (name(kind, id) ?? `${kind} ${id.slice(0, 8)}`) : `${kind} records`;
      const why = { unauthenticated: 'not signed in', forbidden: 'role not allowed', not_found: 'not found' }[
        str(d.reason) as 'forbidden'
      ];
      return { ...ok(`Refused ${str(d.what)} of ${who} (${str(d.status)}: ${why})`, kind, id), outcome: 'denied' };
    }
    // ─── Staff
    case 'StaffMemberCreated':
      return onUser(d, `Added ${str(d.role).replace('_', ' ')} ${fullName}`);
    case 'StaffMemberUpdated':
      return onUser(d, `Updated the profile of ${fullName || userNamed(d, name)}`);
    case 'StaffMemberDeactivated':
      return onUser(d, `Deactivated ${userNamed(d, name)}`);
    case 'StaffMemberReactivated':
      return onUser(d, `Reactivated ${userNamed(d, name)}`);
    case 'StaffMemberDeleted':
      return onUser(d, `Deleted ${userNamed(d, name)}`);
    case 'HospitalPlanChanged':
      return ok(`Changed the plan to ${str(d.plan)}`, 'hospital', d.hospitalId);
    // ─── Access control
    case 'AccessMatrixChanged':
      return ok(accessChangeSentence(d), 'hospital', d.hospitalId);
    // ─── Identity
    case 'LoginSucceeded':
      return onUser(d, `Signed in`);
    case 'LoginFailed':
      return {
        ...onUser(
          d,
          d.reason === 'wrong_current_password'
            ? `Failed to change password: wrong current password (attempt ${str(d.failedAttempts)})`
            : `Failed sign-in: wrong password (attempt ${str(d.failedAttempts)})`,
        ),
        outcome: 'failure',
      };
    case 'SignInFailed':
      return d.reason === 'locked'
        ? { ...onUser(d, `Refused sign-in of ${userNamed(d, name)}: account locked`), outcome: 'failure' }
        : { ...ok(`Failed sign-in: no account for ${str(d.email)}`, null, null), outcome: 'failure' };
    case 'AccountLocked':
      return {
        ...onUser(d, `Account of ${userNamed(d, name)} locked until ${str(d.lockedUntil)}`),
        outcome: 'failure',
      };
    case 'PasswordChanged':
      return onUser(d, 'Changed password');
    case 'LoggedOut':
      return onUser(d, 'Signed out');
    case 'SessionRevoked':
      return onUser(d, `Session ended (${str(d.reason)})`);
    case 'TemporaryPasswordIssued':
      return onUser(d, `Issued a temporary password to ${userNamed(d, name)}`);
    case 'InvitationSent':
      return onUser(d, `Sent the invitation e-mail to ${str(d.to)}`);
    case 'InvitationFailed':
      return { ...onUser(d, `Could not send the invitation e-mail to ${str(d.to)}`), outcome: 'failure' };
    case 'AccountProvisioned':
      return onUser(d, `Created the sign-in account of ${fullName}`);
    // ─── Hospitals
    case 'HospitalRegistrationSubmitted':
      return ok(
        `Submitted the registration of ${str((d.hospitalData as Data)?.name)}`,
        'registration',
        d.registrationId,
      );
    case 'VerificationFailed':
      return {
        ...ok(`Failed e-mail verification (attempt ${str(d.failedAttempts)})`, 'registration', d.registrationId),
        outcome: 'failure',
      };
    case 'EmailVerified':
      return ok(`Verified the e-mail ${str(d.email)}`, 'registration', d.registrationId);
    case 'ApplicantMailSent':
      return d.kind === 'account-exists'
        ? ok(`Told ${str(d.email)} that someone tried to register a hospital with it`, null, null)
        : ok(`Sent a verification code to ${str(d.email)}`, 'registration', d.registrationId);
    case 'ApplicantVerificationFailed':
      return {
        ...ok(
          `Typed a wrong verification code for ${str(d.email)}, which has an account (attempt ${str(d.failedAttempts)})`,
          null,
          null,
        ),
        outcome: 'failure',
      };
    case 'HospitalRegistered':
      return ok(`Registered hospital ${str(d.name)}`, 'hospital', d.hospitalId);
    case 'HospitalStatusChanged':
      return ok(`Changed the hospital's status to ${str(d.status)}`, 'hospital', d.hospitalId);
    case 'HospitalSettingsChanged': {
      const after = (d.settings ?? {}) as Data;
      const moves = Object.entries((d.previous ?? {}) as Data).map(
        ([field, before]) => `${fieldLabel(field)} from ${str(before) || 'none'} to ${str(after[field]) || 'none'}`,
      );
      return ok(`Changed hospital settings: ${moves.join(', ')}`, 'hospital', d.hospitalId);
    }
    case 'HospitalLogoChanged':
      return ok(d.logo ? 'Changed the hospital logo' : 'Removed the hospital logo', 'hospital', d.hospitalId);
    case 'UniqueValueReserved':
      return ok(`Reserved a unique ${str(d.scope)}`, 'reservation', d.ownerId);
    case 'UniqueValueReleased':
      return ok(`Released a unique ${str(d.scope)}`, 'reservation', d.ownerId);
    case 'SharedValueClaimed':
      return ok(`Claimed a shared ${str(d.scope)}`, 'reservation', d.ownerId);
    case 'SharedValueReleased':
      return ok(`Released a shared ${str(d.scope)}`, 'reservation', d.ownerId);
    case 'IdempotencyKeyReserved':
      return ok(`Accepted command ${str(d.key)} (${str(d.route)})`, 'command', d.key);
    default: {
      const clinical = describeClinical(event, name) ?? describeAppointment(event, name);
      if (clinical) return clinical;
      const billing = describeBilling(event);
      if (billing) return { ...billing, outcome: 'success' };
      const found = GENERIC_SUBJECTS.find(([field]) => typeof d[field] === 'string');
      const sentence = words(event.type);
      return ok(sentence.charAt(0).toUpperCase() + sentence.slice(1), found?.[1] ?? null, found ? d[found[0]] : null);
    }
  }
}

type MatrixChange = { module: string; granted: string[]; revoked: string[] };
const roleList = (roles: string[]) => roles.map((r) => ROLE_LABELS[r as RoleCode] ?? r).join(', ');

/** 'Changed access control: Pharmacy revoked from Pharmacist; Laboratory granted to Nurse'. */
function accessChangeSentence(d: Data): string {
  const changes = (Array.isArray(d.changes) ? d.changes : []) as MatrixChange[];
  const parts = changes.map((c) =>
    [
      c.granted.length ? `${moduleName(c.module)} granted to ${roleList(c.granted)}` : '',
      c.revoked.length ? `${moduleName(c.module)} revoked from ${roleList(c.revoked)}` : '',
    ]
      .filter(Boolean)
      .join('; '),
  );
  const what = parts.join('; ');
  return d.reason === 'reset' ? `Reset access control to default (${what})` : `Changed access control: ${what}`;
}

const SECRET_KEY = /hash$|password|secret|token$/i;
/** Whether each key seen so far is a secret's: a feed has few distinct keys, and every event is redacted. */
const secretKeys = new Map<string, boolean>();
function isSecretKey(key: string): boolean {
  let secret = secretKeys.get(key);
  if (secret === undefined) {
    secret = SECRET_KEY.test(key);
    // Keys are field names, not values; the bound only guards against a feed of odd data.
    if (secretKeys.size < 10_000) secretKeys.set(key, secret);
  }
  return secret;
}

/** Whether `redact` would change anything in `value`. */
function holdsSecret(value: unknown): boolean {
  if (value === null || typeof value !== 'object') return false;
  if (Array.isArray(value)) return value.some(holdsSecret);
  // Anything but plain data (a Date, a class instance) is copied as it always was, key by key.
  const proto: unknown = Object.getPrototypeOf(value);
  if (proto !== Object.prototype && proto !== null) return true;
  for (const key in value) {
    if (!Object.hasOwn(value, key)) continue;
    if (isSecretKey(key) || holdsSecret((value as Data)[key])) return true;
  }
  return false;
}

/**
 * The event's data for the detail view, with credentials and codes (even hashed) left out. Data
 * without any (nearly every event) is returned as it is, not copied: the trail only serialises it.
 */
export function redact(value: unknown): unknown {
  return holdsSecret(value) ? redactCopy(value) : value;
}

function redactCopy(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(redactCopy);
  if (value === null || typeof value !== 'object') return value;
  return Object.fromEntries(
    Object.entries(value as Data).map(([k, v]) => [k, isSecretKey(k) ? '[redacted]' : redactCopy(v)]),
  );
}
