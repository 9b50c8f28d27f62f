import type { Decider } from '../../platform/event-store/command-handler';
import { Conflict, NotFound } from '../../platform/http/errors';
import type { HospitalEvent, HospitalRegistered, HospitalStatus } from './events';
import {
  applySettings,
  changedSettings,
  SETTINGS_DEFAULTS,
  type HospitalSettings,
  type SettingsInput,
} from './settings';

/**
 * The hospital aggregate, stream `hospital-<hospitalId>`. `hospitalId` is the internal UUID that
 * every event's metadata and every read-model row carries; `hospitalCode` is the human-facing
 * Hospital ID (HMS-XXXXXXXX) shown on the Welcome step, answered as `hospital.hospitalId`.
 */

export type { HospitalEvent, HospitalStatus } from './events';

export type HospitalState =
  | { status: 'none' }
  | {
      status: HospitalStatus;
      hospitalId: string;
      registrationId: string;
      settings: HospitalSettings;
      logo: string | null;
    };

export const hospitalStream = (hospitalId: string) => `hospital-${hospitalId}`;

export type RegisterHospital = { type: 'RegisterHospital'; hospital: HospitalRegistered['data'] };
export type ChangeHospitalStatus = {
  type: 'ChangeHospitalStatus';
  hospitalId: string;
  status: HospitalStatus;
  reason: string;
};
/** `input` is already validated (settingsErrors); `logo` undefined leaves the logo as it is. */
export type ChangeHospitalSettings = {
  type: 'ChangeHospitalSettings';
  hospitalId: string;
  input: SettingsInput;
  logo?: { dataUrl: string; bytes: number } | null;
};
export type HospitalCommand = RegisterHospital | ChangeHospitalStatus | ChangeHospitalSettings;

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
    case 'HospitalRegistered': {
      const { hospitalId, registrationId, name, email, registrationNumber, licenseNumber, hospitalNumber } = event.data;
      const profile = { name, email, registrationNumber, licenseNumber, hospitalNumber };
      return {
        status: 'active',
        hospitalId,
        registrationId,
        settings: { ...profile, ...SETTINGS_DEFAULTS },
        logo: null,
      };
    }
    case 'HospitalStatusChanged':
      return state.status === 'none' ? state : { ...state, status: event.data.status };
    case 'HospitalSettingsChanged':
      return state.status === 'none'
        ? state
        : { ...state, settings: { ...SETTINGS_DEFAULTS, ...event.data.settings } as HospitalSettings };
    case 'HospitalLogoChanged':
      return state.status === 'none' ? state : { ...state, logo: event.data.logo };
    default:
      return state;
  }
}

function changeSettings(command: ChangeHospitalSettings, state: HospitalState): HospitalEvent[] {
  if (state.status === 'none' || state.hospitalId !== command.hospitalId) throw new HospitalNotFound();
  const events: HospitalEvent[] = [];
  const settings = applySettings(state.settings, command.input);
  const previous = changedSettings(state.settings, settings);
  if (Object.keys(previous).length > 0)
    events.push({ type: 'HospitalSettingsChanged', data: { hospitalId: state.hospitalId, settings, previous } });
  const logo = command.logo === undefined ? state.logo : (command.logo?.dataUrl ?? null);
  if (logo !== state.logo)
    events.push({
      type: 'HospitalLogoChanged',
      data: { hospitalId: state.hospitalId, logo, bytes: command.logo?.bytes ?? 0 },
    });
  return events;
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
      case 'ChangeHospitalSettings':
        return changeSettings(command, state);
      default: {
        const never: never = command;
        throw new Error(`Unknown command ${(never as { type: string }).type}`);
      }
    }
  },
};
