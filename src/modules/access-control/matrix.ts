import type { Decider } from '../../platform/event-store/command-handler';
import { BadRequest } from '../../platform/http/errors';
import { ACCESS_MODULE_IDS, normaliseMatrix, type AccessMatrix, type AccessModuleId } from '../../shared/access-matrix';
import type { RoleCode } from '../../shared/roles';
import type { AccessControlEvent, AccessMatrixChanged } from './events';

/** A hospital's access matrix: the defaults until its administrator first saves. */
export type AccessMatrixState = { matrix: AccessMatrix };

export const accessMatrixStream = (hospitalId: string) => `access-matrix-${hospitalId}`;

export const ADMIN_ACCESS_REQUIRED = "The administrator's own access cannot be removed";

export class AdminAccessRequired extends BadRequest {
  constructor(module: string) {
    super(ADMIN_ACCESS_REQUIRED, [{ field: module, message: ADMIN_ACCESS_REQUIRED }]);
  }
}

/** Saves the roles of the modules named (the others keep theirs). */
export type SaveAccessMatrix = {
  type: 'SaveAccessMatrix';
  hospitalId: string;
  modules: Partial<Record<AccessModuleId, RoleCode[]>>;
};
export type ResetAccessMatrix = { type: 'ResetAccessMatrix'; hospitalId: string };
export type AccessMatrixCommand = SaveAccessMatrix | ResetAccessMatrix;

export function evolveAccessMatrix(state: AccessMatrixState, event: AccessControlEvent): AccessMatrixState {
  switch (event.type) {
    case 'AccessMatrixChanged':
      return { matrix: normaliseMatrix(event.data.matrix) };
    default:
      return state;
  }
}

/** What moved between two matrices, module by module; [] when nothing did. */
export function matrixChanges(before: AccessMatrix, after: AccessMatrix): AccessMatrixChanged['data']['changes'] {
  return ACCESS_MODULE_IDS.flatMap((module) => {
    const granted = after[module].filter((r) => !before[module].includes(r));
    const revoked = before[module].filter((r) => !after[module].includes(r));
    return granted.length || revoked.length ? [{ module, granted, revoked }] : [];
  });
}

function changeTo(
  hospitalId: string,
  reason: 'saved' | 'reset',
  state: AccessMatrixState,
  next: AccessMatrix,
): AccessControlEvent[] {
  const changes = matrixChanges(state.matrix, next);
  if (changes.length === 0) return [];
  return [{ type: 'AccessMatrixChanged', data: { hospitalId, reason, changes, matrix: next } }];
}

function save(command: SaveAccessMatrix, state: AccessMatrixState): AccessControlEvent[] {
  for (const [module, roles] of Object.entries(command.modules)) {
    if (!roles.includes('admin')) throw new AdminAccessRequired(module);
  }
  const next = normaliseMatrix({ ...state.matrix, ...command.modules });
  return changeTo(command.hospitalId, 'saved', state, next);
}

export const accessMatrixDecider: Decider<AccessMatrixCommand, AccessControlEvent, AccessMatrixState> = {
  initialState: () => ({ matrix: normaliseMatrix({}) }),
  evolve: evolveAccessMatrix,
  decide: (command, state) => {
    switch (command.type) {
      case 'SaveAccessMatrix':
        return save(command, state);
      case 'ResetAccessMatrix':
        return changeTo(command.hospitalId, 'reset', state, normaliseMatrix({}));
      default: {
        const never: never = command;
        throw new Error(`Unknown command ${(never as { type: string }).type}`);
      }
    }
  },
};
