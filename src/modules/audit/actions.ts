import type { DomainEvent } from '../../platform/event-store/port';
import { moduleName } from '../../shared/access-matrix';
import { ROLE_LABELS, type RoleCode } from '../../shared/roles';
import { describeAppointment } from './appointment-actions';
import { describeBilling } from './billing-actions';
import { describeClinical } from './clinical-actions';
import {
  ok,
  onPatient,
  onUser,
  patientNamed,
  str,
  unnamed,
  userNamed,
  type Described,
  type NameOf,
} from './describe-kit';
import { describeIdentity } from './identity-actions';
import { listReadSentence } from './list-actions';

export type { Described, NameOf };

type Data = Record<string, unknown>;

export { redact } from './redact';

/**
 * Events that are never an entry of their own: they ride along with the one that is (a
 * registration's reservation, the session a sign-in starts, the account change behind a staff
 * edit), in the same commit or the same request. They stay in the table, in the chain and in a
 * record's history.
 */
export const SECONDARY_TYPES: ReadonlySet<string> = new Set([
  // The access log's seal of an insert's reads: each read is an entry of its own (audit_reads).
  'ReadsSealed',
  'UniqueValueReserved',
  'UniqueValueReleased',
  // A registration's likely-duplicate keys (phone, names and birth date) ride with it.
  'SharedValueClaimed',
  'SharedValueReleased',
  // An offline device's command id rides with the command it keys.
  'IdempotencyKeyReserved',
  // A consultation's results tally rides with the results it counts.
  'LabResultsTallied',
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
            ? (name('patient', ids[0]!) ?? unnamed('patient', ids[0]!))
            : `${count} patient${count === 1 ? '' : 's'}`;
        return ok(`Received the ${str(d.what)} answer again (a resent request), showing ${shown}`, kind, id);
      }
      if (id === null && Array.isArray(d.patientIds)) {
        const shown = typeof d.patientCount === 'number' ? d.patientCount : d.patientIds.length;
        return ok(listReadSentence(`${kind} ${str(d.what)}`, d.query, shown), kind, null);
      }
      const who = id ? (name(kind, id) ?? unnamed(kind, id)) : `${kind} records`;
      const asOf = d.asOf ? ` as of ${str(d.asOf)}` : '';
      const format = d.format ? ` (${str(d.format).toUpperCase()})` : '';
      const verb =
        d.what === 'export' ? `Exported the record of ${who}${format}` : `Viewed the ${str(d.what)} of ${who}`;
      return ok(`${verb}${asOf}`, kind, id);
    }
    case 'ReadsSealed': {
      const count = typeof d.count === 'number' ? d.count : 0;
      return ok(`Sealed ${count} read${count === 1 ? '' : 's'} of the access log`, null, null);
    }
    case 'AccessRefused': {
      const kind = str(d.subjectType);
      const id = d.subjectId === null ? null : str(d.subjectId);
      const who = id ? (name(kind, id) ?? unnamed(kind, id)) : `${kind} records`;
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
      const clinical =
        describeIdentity(event, name) ?? describeClinical(event, name) ?? describeAppointment(event, name);
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
