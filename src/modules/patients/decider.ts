import type { Decider } from '../../platform/event-store/command-handler';
import { DateOfBirthInFuture, PatientAlreadyAdmitted, PatientAlreadyRegistered, PatientNotFound } from './errors';
import {
  evolvePatient,
  initialPatientState,
  type PatientDetails,
  type PatientEvent,
  type PatientState,
  type PatientStatus,
  type VitalSigns,
} from './patient';

/**
 * `hospitalId` is the caller's (from the token): a patient of another hospital is "not found".
 * `today` is the hospital's date when the command was issued (from its metadata), never read here.
 */
export type RegisterPatient = {
  type: 'RegisterPatient';
  patientId: string;
  hospitalId: string;
  today: string;
  details: PatientDetails;
};
export type EditPatientDetails = {
  type: 'EditPatientDetails';
  patientId: string;
  hospitalId: string;
  today: string;
  changes: Partial<PatientDetails>;
};
export type ChangePatientStatus = {
  type: 'ChangePatientStatus';
  patientId: string;
  hospitalId: string;
  status: PatientStatus;
};
export type RecordVitals = { type: 'RecordVitals'; patientId: string; hospitalId: string; vitals: VitalSigns };
export type AdmitPatient = {
  type: 'AdmitPatient';
  patientId: string;
  hospitalId: string;
  ward: string;
  reason: string | null;
};
export type DeletePatientRecord = { type: 'DeletePatientRecord'; patientId: string; hospitalId: string };

export type PatientCommand =
  RegisterPatient | EditPatientDetails | ChangePatientStatus | RecordVitals | AdmitPatient | DeletePatientRecord;

type Registered = Extract<PatientState, { status: 'registered' }>;

function registeredIn(state: PatientState, hospitalId: string): Registered {
  if (state.status !== 'registered' || state.hospitalId !== hospitalId) throw new PatientNotFound();
  return state;
}

function register(command: RegisterPatient, state: PatientState): PatientEvent[] {
  if (state.status !== 'none') throw new PatientAlreadyRegistered();
  // ISO dates compare correctly as strings.
  if (command.details.dateOfBirth > command.today) throw new DateOfBirthInFuture();
  return [
    {
      type: 'PatientRegistered',
      data: { ...command.details, patientId: command.patientId, hospitalId: command.hospitalId, status: 'waiting' },
    },
  ];
}

/** Records only the fields whose value changes, each with the value it replaces; nothing when nothing changes. */
function edit(command: EditPatientDetails, state: PatientState): PatientEvent[] {
  const current = registeredIn(state, command.hospitalId);
  if (command.changes.dateOfBirth !== undefined && command.changes.dateOfBirth > command.today) {
    throw new DateOfBirthInFuture();
  }
  const changes: Record<string, unknown> = {};
  const previous: Record<string, unknown> = {};
  for (const [field, value] of Object.entries(command.changes) as [keyof PatientDetails, unknown][]) {
    if (value === undefined || value === current.details[field]) continue;
    changes[field] = value;
    previous[field] = current.details[field];
  }
  if (Object.keys(changes).length === 0) return [];
  return [
    {
      type: 'PatientDetailsEdited',
      data: {
        patientId: current.patientId,
        changes: changes as Partial<PatientDetails>,
        previous: previous as Partial<PatientDetails>,
      },
    },
  ];
}

function changeStatus(command: ChangePatientStatus, state: PatientState): PatientEvent[] {
  const current = registeredIn(state, command.hospitalId);
  if (current.patientStatus === command.status) return [];
  return [
    {
      type: 'PatientStatusChanged',
      data: { patientId: current.patientId, from: current.patientStatus, to: command.status },
    },
  ];
}

function recordVitals(command: RecordVitals, state: PatientState): PatientEvent[] {
  const current = registeredIn(state, command.hospitalId);
  return [{ type: 'VitalsRecorded', data: { patientId: current.patientId, vitals: command.vitals } }];
}

/** One admission at a time: a patient admitted and not yet discharged cannot be admitted again. */
function admit(command: AdmitPatient, state: PatientState): PatientEvent[] {
  const current = registeredIn(state, command.hospitalId);
  if (current.admitted) throw new PatientAlreadyAdmitted();
  return [
    { type: 'PatientAdmitted', data: { patientId: current.patientId, ward: command.ward, reason: command.reason } },
  ];
}

function remove(command: DeletePatientRecord, state: PatientState): PatientEvent[] {
  const current = registeredIn(state, command.hospitalId);
  return [{ type: 'PatientRecordDeleted', data: { patientId: current.patientId } }];
}

export const patientDecider: Decider<PatientCommand, PatientEvent, PatientState> = {
  initialState: initialPatientState,
  evolve: evolvePatient,
  decide: (command, state) => {
    switch (command.type) {
      case 'RegisterPatient':
        return register(command, state);
      case 'EditPatientDetails':
        return edit(command, state);
      case 'ChangePatientStatus':
        return changeStatus(command, state);
      case 'RecordVitals':
        return recordVitals(command, state);
      case 'AdmitPatient':
        return admit(command, state);
      case 'DeletePatientRecord':
        return remove(command, state);
      default: {
        const never: never = command;
        throw new Error(`Unknown command ${(never as { type: string }).type}`);
      }
    }
  },
};
