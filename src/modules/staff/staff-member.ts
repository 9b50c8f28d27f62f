import type { StaffMemberCreated, StaffMemberEvent } from './events';

/** The staff-member aggregate, stream `staff-<userId>`. */
export type { StaffMemberCreated, StaffMemberEvent } from './events';

export const staffStream = (userId: string) => `staff-${userId}`;

export type StaffProfile = {
  userId: string;
  hospitalId: string;
  employeeId: string;
  firstName: string;
  lastName: string;
  email: string;
  role: StaffMemberCreated['data']['role'];
};

export type StaffMemberState =
  { status: 'none' } | ({ status: 'active' | 'inactive' } & StaffProfile) | ({ status: 'deleted' } & StaffProfile);

export const initialStaffMemberState = (): StaffMemberState => ({ status: 'none' });

export function evolveStaffMember(state: StaffMemberState, event: StaffMemberEvent): StaffMemberState {
  switch (event.type) {
    case 'StaffMemberCreated': {
      const { userId, hospitalId, employeeId, firstName, lastName, email, role } = event.data;
      return { status: 'active', userId, hospitalId, employeeId, firstName, lastName, email, role };
    }
    case 'StaffMemberUpdated':
      if (state.status === 'none') return state;
      return { ...state, ...event.data };
    case 'StaffMemberDeactivated':
      return state.status === 'active' ? { ...state, status: 'inactive' } : state;
    case 'StaffMemberReactivated':
      return state.status === 'inactive' ? { ...state, status: 'active' } : state;
    case 'StaffMemberDeleted':
      return state.status === 'none' ? state : { ...state, status: 'deleted' };
    default:
      return state;
  }
}
