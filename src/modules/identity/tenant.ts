import type { Decider } from '../../platform/event-store/command-handler';
import type { TenantEvent, TenantRegistered } from './events';

/**
 * Identity's record of a hospital, stream `tenant-<hospitalId>`: what sign-in and the session
 * check need (its Hospital ID, name and whether it is active), kept by identity so that it never
 * reads another module's tables. The hospitals module registers tenants and changes their status
 * through identity's commands.
 */
export type TenantStatus = 'active' | 'inactive';
export type TenantState = { status: 'none' } | { status: TenantStatus; hospitalId: string; name: string };

export const tenantStream = (hospitalId: string) => `tenant-${hospitalId}`;

export type RegisterTenant = { type: 'RegisterTenant'; tenant: TenantRegistered['data'] };
export type ChangeTenantStatus = { type: 'ChangeTenantStatus'; hospitalId: string; status: TenantStatus };
export type RenameTenant = { type: 'RenameTenant'; hospitalId: string; name: string };
export type TenantCommand = RegisterTenant | ChangeTenantStatus | RenameTenant;

export const tenantDecider: Decider<TenantCommand, TenantEvent, TenantState> = {
  initialState: () => ({ status: 'none' }),
  evolve: (state, event) => {
    switch (event.type) {
      case 'TenantRegistered':
        return { status: event.data.status, hospitalId: event.data.hospitalId, name: event.data.name };
      case 'TenantStatusChanged':
        return state.status === 'none' ? state : { ...state, status: event.data.status };
      case 'TenantRenamed':
        return state.status === 'none' ? state : { ...state, name: event.data.name };
      default:
        return state;
    }
  },
  decide: (command, state) => {
    switch (command.type) {
      case 'RegisterTenant':
        return state.status === 'none' ? [{ type: 'TenantRegistered', data: command.tenant }] : [];
      case 'ChangeTenantStatus':
        if (state.status === 'none' || state.status === command.status) return [];
        return [{ type: 'TenantStatusChanged', data: { hospitalId: command.hospitalId, status: command.status } }];
      case 'RenameTenant':
        if (state.status === 'none' || state.name === command.name) return [];
        return [{ type: 'TenantRenamed', data: { hospitalId: command.hospitalId, name: command.name } }];
      default: {
        const never: never = command;
        throw new Error(`Unknown command ${(never as { type: string }).type}`);
      }
    }
  },
};
