import type { Decider } from '../../platform/event-store/command-handler';
import {
  AdminRoleRefused,
  CannotDeactivateSelf,
  CannotDeleteSelf,
  StaffMemberAlreadyExists,
  StaffMemberNotFound,
} from './errors';
import type { RoleCode } from './roles';
import {
  evolveStaffMember,
  initialStaffMemberState,
  type StaffMemberCreated,
  type StaffMemberEvent,
  type StaffMemberState,
} from './staff-member';

export type CreateStaffMember = { type: 'CreateStaffMember' } & StaffMemberCreated['data'];

export type StaffMemberChanges = {
  firstName?: string;
  lastName?: string;
  email?: string;
  role?: RoleCode;
  isActive?: boolean;
};

/** `hospitalId` and `actorUserId` come from the caller's token: a member of another hospital is "not found". */
export type UpdateStaffMember = {
  type: 'UpdateStaffMember';
  userId: string;
  hospitalId: string;
  actorUserId: string;
  changes: StaffMemberChanges;
};

export type DeleteStaffMember = { type: 'DeleteStaffMember'; userId: string; hospitalId: string; actorUserId: string };

export type StaffMemberCommand = CreateStaffMember | UpdateStaffMember | DeleteStaffMember;

type Existing = Extract<StaffMemberState, { status: 'active' | 'inactive' }>;

function existingIn(state: StaffMemberState, hospitalId: string): Existing {
  if ((state.status !== 'active' && state.status !== 'inactive') || state.hospitalId !== hospitalId) {
    throw new StaffMemberNotFound();
  }
  return state;
}

function create(command: CreateStaffMember, state: StaffMemberState): StaffMemberEvent[] {
  if (state.status !== 'none') throw new StaffMemberAlreadyExists();
  if (command.role === 'admin') throw new AdminRoleRefused();
  const { type: _type, ...data } = command;
  return [{ type: 'StaffMemberCreated', data: { ...data, email: data.email.trim().toLowerCase() } }];
}

function update(command: UpdateStaffMember, state: StaffMemberState): StaffMemberEvent[] {
  const { changes } = command;
  // Checked before existence: an admin's own id is never a staff record, and the answer should say why.
  if (command.userId === command.actorUserId && changes.isActive === false) throw new CannotDeactivateSelf();
  const current = existingIn(state, command.hospitalId);
  if (changes.role === 'admin' && current.role !== 'admin') throw new AdminRoleRefused();

  const next = {
    userId: current.userId,
    firstName: changes.firstName ?? current.firstName,
    lastName: changes.lastName ?? current.lastName,
    email: (changes.email ?? current.email).trim().toLowerCase(),
    role: changes.role ?? current.role,
  };
  const events: StaffMemberEvent[] = [];
  const profileChanged =
    next.firstName !== current.firstName ||
    next.lastName !== current.lastName ||
    next.email !== current.email ||
    next.role !== current.role;
  if (profileChanged) events.push({ type: 'StaffMemberUpdated', data: next });
  const isActive = current.status === 'active';
  if (changes.isActive === false && isActive)
    events.push({ type: 'StaffMemberDeactivated', data: { userId: current.userId } });
  if (changes.isActive === true && !isActive)
    events.push({ type: 'StaffMemberReactivated', data: { userId: current.userId } });
  return events;
}

function remove(command: DeleteStaffMember, state: StaffMemberState): StaffMemberEvent[] {
  if (command.userId === command.actorUserId) throw new CannotDeleteSelf();
  const current = existingIn(state, command.hospitalId);
  return [{ type: 'StaffMemberDeleted', data: { userId: current.userId } }];
}

export const staffMemberDecider: Decider<StaffMemberCommand, StaffMemberEvent, StaffMemberState> = {
  initialState: initialStaffMemberState,
  evolve: evolveStaffMember,
  decide: (command, state) => {
    switch (command.type) {
      case 'CreateStaffMember':
        return create(command, state);
      case 'UpdateStaffMember':
        return update(command, state);
      case 'DeleteStaffMember':
        return remove(command, state);
      default: {
        const never: never = command;
        throw new Error(`Unknown command ${(never as { type: string }).type}`);
      }
    }
  },
};
