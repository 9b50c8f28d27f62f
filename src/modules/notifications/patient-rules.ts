import { statusLabel } from '../../shared/patient-statuses';
import type { PatientEvent } from '../patients';
import { by, defineRules, fullName, type PatientRef } from './draft';
import type { NotificationPriority } from './events';

/** §4: Consultation high; Test Complete and Refer for Test medium; Discharged and Waiting low. */
export function statusPriority(status: string): NotificationPriority {
  if (status === 'consultation') return 'high';
  if (status === 'test complete' || status === 'refer for test') return 'medium';
  if (status === 'discharged' || status === 'waiting') return 'low';
  return 'normal';
}

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

/** The patient record's server messages. */
export const PATIENT_RULES = defineRules<PatientEvent>({
  PatientRegistered: async (e) => {
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
  PatientDetailsEdited: async (e, lookups) => {
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
  PatientStatusChanged: async (e, lookups) => {
    const patient = patientPayload(await lookups.patient(e.metadata.hospitalId, e.data.patientId), e.data.patientId);
    const message = `${patient.name} is now ${statusLabel(e.data.to)}`;
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
  VitalsRecorded: async (e, lookups) => {
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
  PatientRecordDeleted: async (e, lookups) => {
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
});
