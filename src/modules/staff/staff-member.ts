import { z } from 'zod';
import { ROLE_CODES } from './roles';

/**
 * The staff-member aggregate, stream `staff-<userId>`. These events are a contract: the
 * identity module projects them into login accounts (and ends sessions on deactivation or
 * deletion), so names and payloads change only together with it.
 */
const role = z.enum(ROLE_CODES);

export const staffMemberCreatedSchema = z.object({
  userId: z.string(),
  hospitalId: z.string(),
  employeeId: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  /** Always lowercase. */
  email: z.string(),
  role,
  /** argon2id hash of the generated temporary password. */
  passwordHash: z.string(),
  department: z.string().nullable(),
  specialization: z.string().nullable(),
  phone: z.string().nullable(),
});

/** Carries the full new values, not a diff, so consumers never need the previous event. */
export const staffMemberUpdatedSchema = z.object({
  userId: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  email: z.string(),
  role,
});

const userOnly = z.object({ userId: z.string() });

export type StaffMemberCreated = { type: 'StaffMemberCreated'; data: z.infer<typeof staffMemberCreatedSchema> };
export type StaffMemberUpdated = { type: 'StaffMemberUpdated'; data: z.infer<typeof staffMemberUpdatedSchema> };
export type StaffMemberDeactivated = { type: 'StaffMemberDeactivated'; data: z.infer<typeof userOnly> };
export type StaffMemberReactivated = { type: 'StaffMemberReactivated'; data: z.infer<typeof userOnly> };
export type StaffMemberDeleted = { type: 'StaffMemberDeleted'; data: z.infer<typeof userOnly> };

export type StaffMemberEvent =
  StaffMemberCreated | StaffMemberUpdated | StaffMemberDeactivated | StaffMemberReactivated | StaffMemberDeleted;

export const staffMemberEventSchemas = {
  StaffMemberCreated: staffMemberCreatedSchema,
  StaffMemberUpdated: staffMemberUpdatedSchema,
  StaffMemberDeactivated: userOnly,
  StaffMemberReactivated: userOnly,
  StaffMemberDeleted: userOnly,
} as const;

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
