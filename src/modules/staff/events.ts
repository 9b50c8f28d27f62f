import { z } from 'zod';
import { defineEvent, type EventMap } from '../../platform/event-store/contracts';
import { ROLE_CODES } from '../../shared/roles';
import { PLAN_CODES } from './plans';

/**
 * The staff module's events: staff members (stream `staff-<userId>`) and each hospital's staff
 * directory (`staff-directory-<hospitalId>`: employee numbers, seats under the plan, the plan).
 * They say who was hired and what changed; credentials are identity's and never appear here.
 */
const role = z.enum(ROLE_CODES);

export const staffMemberCreated = defineEvent(
  'StaffMemberCreated',
  z.object({
    userId: z.string(),
    hospitalId: z.string(),
    employeeId: z.string(),
    firstName: z.string(),
    lastName: z.string(),
    /** Always lowercase. */
    email: z.string(),
    role,
    department: z.string().nullable(),
    specialization: z.string().nullable(),
    phone: z.string().nullable(),
  }),
  {
    // v1 carried the temporary password's hash; identity holds credentials now.
    version: 2,
    upcasters: {
      1: (data) => {
        const { passwordHash: _dropped, ...rest } = data;
        return rest;
      },
    },
  },
);
/** Carries the full new values, not a diff, so consumers never need the previous event. */
export const staffMemberUpdated = defineEvent(
  'StaffMemberUpdated',
  z.object({ userId: z.string(), firstName: z.string(), lastName: z.string(), email: z.string(), role }),
);
const userOnly = z.object({ userId: z.string() });
export const staffMemberDeactivated = defineEvent('StaffMemberDeactivated', userOnly);
export const staffMemberReactivated = defineEvent('StaffMemberReactivated', userOnly);
export const staffMemberDeleted = defineEvent('StaffMemberDeleted', userOnly);

export const staffSeatAssigned = defineEvent(
  'StaffSeatAssigned',
  z.object({ userId: z.string(), employeeId: z.string(), number: z.number().int() }),
);
export const staffSeatReleased = defineEvent('StaffSeatReleased', userOnly);
export const hospitalPlanChanged = defineEvent(
  'HospitalPlanChanged',
  z.object({ hospitalId: z.string(), plan: z.enum(PLAN_CODES) }),
);

export const staffContracts = [
  staffMemberCreated,
  staffMemberUpdated,
  staffMemberDeactivated,
  staffMemberReactivated,
  staffMemberDeleted,
  staffSeatAssigned,
  staffSeatReleased,
  hospitalPlanChanged,
] as const;

/** The module's events by type name: `StaffEvents['StaffMemberCreated']`. */
export type StaffEvents = EventMap<typeof staffContracts>;
export type StaffMemberCreated = StaffEvents['StaffMemberCreated'];
export type StaffMemberDeleted = StaffEvents['StaffMemberDeleted'];
export type HospitalPlanChanged = StaffEvents['HospitalPlanChanged'];
export type StaffMemberEvent = StaffEvents[
  | 'StaffMemberCreated'
  | 'StaffMemberUpdated'
  | 'StaffMemberDeactivated'
  | 'StaffMemberReactivated'
  | 'StaffMemberDeleted'];
export type DirectoryEvent = StaffEvents['StaffSeatAssigned' | 'StaffSeatReleased' | 'HospitalPlanChanged'];
