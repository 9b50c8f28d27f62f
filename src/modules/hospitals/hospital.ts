import type { Decider } from '../../platform/event-store/command-handler';
import { Conflict, NotFound } from '../../platform/http/errors';
import type { HospitalEvent, HospitalRegistered, HospitalStatus } from './events';

/**
 * The hospital aggregate, stream `hospital-<hospitalId>`. `hospitalId` is the internal UUID that
 * every event's metadata and every read-model row carries; `hospitalCode` is the human-facing
 * Hospital ID (HMS-XXXXXXXX) shown on the Welcome step, answered as `hospital.hospitalId`.
 */

export type { HospitalEvent, HospitalStatus } from './events';

export type HospitalState = { status: 'none' } | { status: HospitalStatus; hospitalId: string; registrationId: string };

export const hospitalStream = (hospitalId: string) => `hospital-${hospitalId}`;

export type RegisterHospital = { type: 'RegisterHospital'; hospital: HospitalRegistered['data'] };
export type ChangeHospitalStatus = {
  type: 'ChangeHospitalStatus';
  hospitalId: string;
  status: HospitalStatus;
  reason: string;
};
export type HospitalCommand = RegisterHospital | ChangeHospitalStatus;

export class HospitalNotFound extends NotFound {
  constructor() {
    super('Hospital not found');
  }
}

export class HospitalAlreadyRegistered extends Conflict {
  constructor() {
    super('A hospital with this information already exists');
  }
}

export function evolveHospital(state: HospitalState, event: HospitalEvent): HospitalState {
  switch (event.type) {
    case 'HospitalRegistered':
      return { status: 'active', hospitalId: event.data.hospitalId, registrationId: event.data.registrationId };
    case 'HospitalStatusChanged':
      return state.status === 'none' ? state : { ...state, status: event.data.status };
    default:
      return state;
  }
}

export const hospitalDecider: Decider<HospitalCommand, HospitalEvent, HospitalState> = {
  initialState: () => ({ status: 'none' }),
  evolve: evolveHospital,
  decide: (command, state) => {
    switch (command.type) {
      case 'RegisterHospital':
        // Resuming an interrupted verification registers the same hospital again: a no-op.
        if (state.status !== 'none' && state.registrationId === command.hospital.registrationId) return [];
        if (state.status !== 'none') throw new HospitalAlreadyRegistered();
        return [{ type: 'HospitalRegistered', data: command.hospital }];
      case 'ChangeHospitalStatus':
        if (state.status === 'none') throw new HospitalNotFound();
        if (state.status === command.status) return [];
        return [
          {
            type: 'HospitalStatusChanged',
            data: { hospitalId: command.hospitalId, status: command.status, reason: command.reason },
          },
        ];
      default: {
        const never: never = command;
        throw new Error(`Unknown command ${(never as { type: string }).type}`);
      }
    }
  },
};
