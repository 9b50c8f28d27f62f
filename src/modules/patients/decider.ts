import type { Decider } from '../../platform/event-store/command-handler';
import { BadRequest, Conflict } from '../../platform/http/errors';
import {
  evolvePatient,
  initialPatientState,
  type PatientDetails,
  type PatientEvent,
  type PatientState,
} from './patient';

/** `today` is the hospital's date when the command was issued (from its metadata), never read here. */
export type RegisterPatient = {
  type: 'RegisterPatient';
  patientId: string;
  hospitalId: string;
  today: string;
  details: PatientDetails;
};
export type PatientCommand = RegisterPatient;

export const DOB_IN_FUTURE = 'Date of birth cannot be in the future';

export class PatientAlreadyRegistered extends Conflict {
  constructor() {
    super('This patient is already registered');
  }
}

function register(command: RegisterPatient, state: PatientState): PatientEvent[] {
  if (state.status !== 'none') throw new PatientAlreadyRegistered();
  // ISO dates compare correctly as strings.
  if (command.details.dateOfBirth > command.today) {
    throw new BadRequest(DOB_IN_FUTURE, [{ field: 'dateOfBirth', message: DOB_IN_FUTURE }]);
  }
  return [
    {
      type: 'PatientRegistered',
      data: { ...command.details, patientId: command.patientId, hospitalId: command.hospitalId, status: 'waiting' },
    },
  ];
}

export const patientDecider: Decider<PatientCommand, PatientEvent, PatientState> = {
  initialState: initialPatientState,
  evolve: evolvePatient,
  decide: (command, state) => {
    switch (command.type) {
      case 'RegisterPatient':
        return register(command, state);
      default: {
        const never: never = command.type;
        throw new Error(`Unknown command ${String(never)}`);
      }
    }
  },
};
