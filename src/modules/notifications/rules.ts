import type { RecordedEvent } from '../../platform/event-store/port';
import { ROLE_LABELS, type RoleCode } from '../../shared/roles';
import type { ConsultationRecorded, PrescriptionDispensed, PrescriptionIssued } from '../consultations';
import type { LabResultsRecorded } from '../laboratory';
import type { PatientEvent } from '../patients';
import type { StaffMemberEvent } from '../staff';
import type { HospitalAnnouncementMade, NotificationPriority } from './events';
import type { ServerMessageType } from './visibility';
import { APPOINTMENT_RULES } from './appointment-rules';
import { BILLING_RULES } from './billing-rules';

/**
 * Event type → the server messages it becomes (product-spec-1 §3 payloads, §4/§9 priorities).
 * Who receives each message is visibility.ts's business; this table only says what it says.
 * Rules see names as they stood before the event (the projection updates its copies after).
 */
export type Draft = {
  type: ServerMessageType;
  title: string;
  message: string;
  priority: NotificationPriority;
  data: Record<string, unknown>;
  /** Only these users receive it (profile_updated); otherwise the roles of visibility.ts. */
  userIds?: string[];
};

export type PatientRef = { id?: string; firstName: string; lastName: string; identificationNumber: string };
export type StaffRef = {
  id: string;
  employeeId: string;
  firstName: string;
  lastName: string;
  email: string;
  role: RoleCode;
  department: string | null;
  specialization: string | null;
  phone: string | null;
  isActive: boolean;
};

/** The projection's own copies of names (read-models/name-copies.ts). */
export type Lookups = {
  patient: (hospitalId: string, id: string) => Promise<PatientRef | null>;
  staff: (hospitalId: string, id: string) => Promise<StaffRef | null>;
};

type Rule = (event: RecordedEvent, lookups: Lookups) => Promise<Draft[]>;

/** Wire values of patient statuses → the words people read (product-spec-1 §4). */
export const STATUS_LABELS: Record<string, string> = {
  waiting: 'Waiting',
  consultation: 'In Consultation',
  'test complete': 'Test Complete',
  'refer for test': 'Referred for Test',
  seen: 'Seen',
  discharged: 'Discharged',
  active: 'Active',
  transferred: 'Transferred',
};

/** §4: Consultation high; Test Complete and Refer for Test medium; Discharged and Waiting low. */
export function statusPriority(status: string): NotificationPriority {
  if (status === 'consultation') return 'high';
  if (status === 'test complete' || status === 'refer for test') return 'medium';
  if (status === 'discharged' || status === 'waiting') return 'low';
  return 'normal';
}

const fullName = (p: { firstName: string; lastName: string }) => `${p.firstName} ${p.lastName}`.trim();
const by = (e: RecordedEvent) => ({ id: e.metadata.actor.userId, name: e.metadata.actor.name });

/** §3 "Patient inside events": fullName, name, identificationNumber. */
function patientPayload(p: PatientRef | null, id: string) {
  const name = p ? fullName(p) : 'A patient';
  return {
    id,
    _id: id,
    name,
    fullName: name,
    firstName: p?.firstName ?? null,
    lastName: p?.lastName ?? null,
    identificationNumber: p?.identificationNumber ?? null,
  };
}

function userPayload(s: StaffRef) {
  return { ...s, _id: s.id, name: fullName(s), roleLabel: ROLE_LABELS[s.role] ?? s.role };
}

type Of<E extends { type: string; data: object }, K extends E['type']> = RecordedEvent<Extract<E, { type: K }>>;
const patientEvent = <K extends PatientEvent['type']>(e: RecordedEvent) => e as unknown as Of<PatientEvent, K>;
const staffEvent = <K extends StaffMemberEvent['type']>(e: RecordedEvent) => e as unknown as Of<StaffMemberEvent, K>;

const FIELD_LABELS: Record<string, string> = {
  firstName: 'first name',
  lastName: 'last name',
  dateOfBirth: 'date of birth',
  gender: 'gender',
  phoneNumber: 'phone number',
  address: 'address',
  identificationNumber: 'identification number',
  emergencyContactName: 'emergency contact',
  emergencyContactRelationship: 'emergency contact',
  emergencyContactPhone: 'emergency contact',
};

async function staffChange(
  event: RecordedEvent,
  lookups: Lookups,
  make: (s: StaffRef) => Omit<Draft, 'data'> & { data?: Record<string, unknown> },
): Promise<Draft[]> {
  const s = await lookups.staff(event.metadata.hospitalId, (event.data as { userId: string }).userId);
  if (!s) return [];
  const d = make(s);
  return [{ ...d, data: { user: userPayload(s), ...d.data, message: d.message } }];
}

export const RULES: Readonly<Record<string, Rule>> = {
  // ── patients ──────────────────────────────────────────────────────────────
  PatientRegistered: async (raw) => {
    const e = patientEvent<'PatientRegistered'>(raw);
    const patient = { ...patientPayload(e.data, e.data.patientId), status: e.data.status };
    const message = `${patient.name} was registered by ${e.metadata.actor.name}`;
    return [
      {
        type: 'patient_created',
        title: 'New Patient Registered',
        message,
        priority: 'normal',
        data: { patient, createdBy: by(e), message },
      },
    ];
  },
  PatientDetailsEdited: async (raw, lookups) => {
    const e = patientEvent<'PatientDetailsEdited'>(raw);
    const before = await lookups.patient(e.metadata.hospitalId, e.data.patientId);
    const after = before ? { ...before, ...e.data.changes } : null;
    const patient = patientPayload(after, e.data.patientId);
    const fields = [...new Set(Object.keys(e.data.changes).map((k) => FIELD_LABELS[k] ?? k))];
    const message = `${patient.name}'s ${fields.join(', ') || 'details'} ${fields.length === 1 ? 'was' : 'were'} updated by ${e.metadata.actor.name}`;
    return [
      {
        type: 'patient_updated',
        title: 'Patient Updated',
        message,
        priority: 'normal',
        data: { patient, updatedBy: by(e), changes: e.data.changes, message },
      },
    ];
  },
  PatientStatusChanged: async (raw, lookups) => {
    const e = patientEvent<'PatientStatusChanged'>(raw);
    const patient = patientPayload(await lookups.patient(e.metadata.hospitalId, e.data.patientId), e.data.patientId);
    const message = `${patient.name} is now ${STATUS_LABELS[e.data.to] ?? e.data.to}`;
    return [
      {
        type: 'patient_status_changed',
        title: 'Patient Status Changed',
        message,
        priority: statusPriority(e.data.to),
        data: { patient, oldStatus: e.data.from, newStatus: e.data.to, updatedBy: by(e), message },
      },
    ];
  },
  VitalsRecorded: async (raw, lookups) => {
    const e = patientEvent<'VitalsRecorded'>(raw);
    const patient = patientPayload(await lookups.patient(e.metadata.hospitalId, e.data.patientId), e.data.patientId);
    const message = `Vitals recorded for ${patient.name} by ${e.metadata.actor.name}`;
    return [
      {
        type: 'patient_vitals_updated',
        title: 'Vitals Recorded',
        message,
        priority: 'normal',
        data: { patient, vitals: e.data.vitals, recordedBy: by(e), message },
      },
    ];
  },
  PatientRecordDeleted: async (raw, lookups) => {
    const e = patientEvent<'PatientRecordDeleted'>(raw);
    const patient = patientPayload(await lookups.patient(e.metadata.hospitalId, e.data.patientId), e.data.patientId);
    const message = `${patient.name}'s record was deleted by ${e.metadata.actor.name}`;
    return [
      {
        type: 'patient_deleted',
        title: 'Patient Record Deleted',
        message,
        priority: 'low',
        data: { patient, deletedBy: by(e), message },
      },
    ];
  },

  // ── staff (admins only, §6) ───────────────────────────────────────────────
  StaffMemberCreated: async (raw) => {
    const e = staffEvent<'StaffMemberCreated'>(raw);
    const { userId, hospitalId: _h, ...rest } = e.data;
    const user = userPayload({ id: userId, ...rest, isActive: true });
    const message = `${user.name} was added as ${user.roleLabel}`;
    return [
      {
        type: 'user_created',
        title: 'New Staff Member',
        message,
        priority: 'normal',
        data: { user, createdBy: by(e), message },
      },
    ];
  },
  StaffMemberUpdated: async (raw, lookups) => {
    const e = staffEvent<'StaffMemberUpdated'>(raw);
    const before = await lookups.staff(e.metadata.hospitalId, e.data.userId);
    if (!before) return [];
    const user = userPayload({ ...before, ...e.data, id: e.data.userId });
    const message = `${user.name}'s account was updated`;
    const drafts: Draft[] = [
      {
        type: 'user_updated',
        title: 'Staff Updated',
        message,
        priority: 'normal',
        data: { user, updatedBy: by(e), message },
      },
    ];
    // "Profile updated: everyone" (§6): the person whose profile it is, when someone else changed it.
    if (e.metadata.actor.userId !== e.data.userId) {
      const note = `Your profile was updated by ${e.metadata.actor.name}`;
      drafts.push({
        type: 'profile_updated',
        title: 'Profile Updated',
        message: note,
        priority: 'normal',
        data: { user, updatedBy: by(e), message: note },
        userIds: [e.data.userId],
      });
    }
    return drafts;
  },
  StaffMemberDeactivated: (e, lookups) =>
    staffChange(e, lookups, (s) => ({
      type: 'user_status_changed',
      title: 'Staff Status Changed',
      message: `${fullName(s)} was deactivated`,
      priority: 'normal',
      data: { user: { ...userPayload(s), isActive: false }, newStatus: false, updatedBy: by(e) },
    })),
  StaffMemberReactivated: (e, lookups) =>
    staffChange(e, lookups, (s) => ({
      type: 'user_status_changed',
      title: 'Staff Status Changed',
      message: `${fullName(s)} was activated`,
      priority: 'normal',
      data: { user: { ...userPayload(s), isActive: true }, newStatus: true, updatedBy: by(e) },
    })),
  StaffMemberDeleted: async (raw, lookups) => {
    const e = staffEvent<'StaffMemberDeleted'>(raw);
    const s = await lookups.staff(e.metadata.hospitalId, e.data.userId);
    const userName = s ? fullName(s) : 'A user';
    const message = `${userName} was removed`;
    return [
      {
        type: 'user_deleted',
        title: 'Staff Removed',
        message,
        priority: 'normal',
        data: { userId: e.data.userId, userName, deletedBy: by(e), message },
      },
    ];
  },

  // ── announcements ─────────────────────────────────────────────────────────
  HospitalAnnouncementMade: async (raw) => {
    const e = raw as unknown as RecordedEvent<HospitalAnnouncementMade>;
    const announcement = { id: e.data.announcementId, message: e.data.message, priority: e.data.priority };
    return [
      {
        type: 'hospital_announcement',
        title: 'Hospital Announcement',
        message: e.data.message,
        priority: e.data.priority,
        data: { announcement, announcedBy: by(e), message: e.data.message },
      },
    ];
  },

  // ── clinical ──────────────────────────────────────────────────────────────
  // One consultation's lab tests are one NEW_LAB_ORDER (not one per test), urgent when any is STAT.
  ConsultationRecorded: async (raw) => {
    const e = raw as unknown as RecordedEvent<ConsultationRecorded>;
    const d = e.data;
    const consultation = {
      id: d.consultationId,
      patientId: d.patientId,
      patientName: d.patientName,
      doctor: d.doctor,
      primaryDiagnosis: d.primaryDiagnosis,
      labOrders: d.labOrders.map((o) => ({ testName: o.testName, testCode: o.testCode, urgency: o.urgency })),
    };
    const drafts: Draft[] = [
      {
        type: 'CONSULTATION_CREATED',
        title: 'Consultation Recorded',
        message: `${d.doctor.name} recorded a consultation for ${d.patientName}`,
        priority: 'normal',
        data: { consultation },
      },
    ];
    if (d.labOrders.length > 0) {
      const stat = d.labOrders.some((o) => o.urgency === 'STAT');
      const tests = d.labOrders.map((o) => o.testName).join(', ');
      const message = `${stat ? 'URGENT: ' : ''}New lab order for ${d.patientName}: ${tests}`;
      drafts.push({
        type: 'NEW_LAB_ORDER',
        title: 'New Lab Order',
        message,
        priority: stat ? 'urgent' : 'high',
        data: { consultation, notification: { message, priority: stat ? 'urgent' : 'high' } },
      });
    }
    return drafts;
  },
  PrescriptionIssued: async (raw) => {
    const e = raw as unknown as RecordedEvent<PrescriptionIssued>;
    const d = e.data;
    const message = `New prescription for ${d.patientName} from ${d.prescribedBy.name} (${d.medications.length} item${d.medications.length === 1 ? '' : 's'})`;
    const consultation = {
      id: d.consultationId,
      patientId: d.patientId,
      patientName: d.patientName,
      doctor: d.prescribedBy,
      diagnosis: d.diagnosis,
      // The whole prescription, so the pharmacist's open queue can show its card without a refetch.
      dateIssued: e.metadata.occurredAt,
      medications: d.medications.map(({ medicationName, ...m }) => ({ name: medicationName, ...m })),
    };
    return [
      {
        type: 'NEW_PRESCRIPTION',
        title: 'New Prescription',
        message,
        priority: 'high',
        data: { consultation, notification: { message, priority: 'high' } },
      },
    ];
  },
  PrescriptionDispensed: async (raw) => {
    const e = raw as unknown as RecordedEvent<PrescriptionDispensed>;
    const d = e.data;
    const items = d.items.map((i) => i.medicationName).join(', ');
    return [
      {
        type: 'PRESCRIPTION_DISPENSED',
        title: 'Prescription Dispensed',
        message: `Dispensed to ${d.patientName}: ${items}`,
        priority: 'low',
        data: {
          consultationId: d.consultationId,
          patientId: d.patientId,
          patientName: d.patientName,
          prescribedBy: d.prescribedBy,
          dispensedBy: by(e),
          items: d.items,
          complete: d.complete,
        },
      },
    ];
  },
  LabResultsRecorded: async (raw) => {
    const e = raw as unknown as RecordedEvent<LabResultsRecorded>;
    const d = e.data;
    return [
      {
        type: 'LAB_RESULTS_READY',
        title: 'Lab Results Ready',
        message: `${d.testName} results are ready for ${d.patientName}`,
        priority: d.urgency === 'STAT' ? 'urgent' : 'high',
        data: {
          patientId: d.patientId,
          patientName: d.patientName,
          consultationId: d.consultationId,
          labRequestId: d.labRequestId,
          orderedBy: d.orderedBy,
          completedBy: d.conductedBy,
          tests: [d.testName],
        },
      },
    ];
  },
  ...BILLING_RULES,
  ...APPOINTMENT_RULES,
};

/** The event types that may produce a notification. */
export const NOTIFYING_EVENTS: ReadonlySet<string> = new Set(Object.keys(RULES));
