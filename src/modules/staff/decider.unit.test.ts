import { describe, expect, it } from 'vitest';
import type { Decider } from '../../platform/event-store/command-handler';
import type { DomainEvent } from '../../platform/event-store/port';
import { staffMemberDecider, type CreateStaffMember } from './decider';
import { directoryDecider, formatEmployeeId, type DirectoryEvent } from './directory';
import {
  AdminRoleRefused,
  CannotDeactivateSelf,
  CannotDeleteSelf,
  PlanLimitReached,
  StaffMemberAlreadyExists,
  StaffMemberNotFound,
} from './errors';
import type { StaffMemberCreated } from './events';

// Like test/helpers/given.ts, but with NoInfer so inline event literals in a history type-check.
function given<C, E extends DomainEvent, S>(decider: Decider<C, E, S>, history: NoInfer<E>[]) {
  const state = history.reduce(decider.evolve, decider.initialState());
  return {
    when: (command: C) => ({
      then: (expected: E[]) => expect(decider.decide(command, state)).toEqual(expected),
      thenThrows: (error: new (...args: never[]) => Error, message?: string) => {
        expect(() => decider.decide(command, state)).toThrow(error);
        if (message) expect(() => decider.decide(command, state)).toThrow(message);
      },
    }),
  };
}

const HOSPITAL = 'h-1';
const ADMIN = 'admin-1';
const created: StaffMemberCreated = {
  type: 'StaffMemberCreated',
  data: {
    userId: 'u-1',
    hospitalId: HOSPITAL,
    employeeId: 'EMP-0001',
    firstName: 'Ada',
    lastName: 'Obi',
    email: 'ada@clinic.ng',
    role: 'doctor',
    department: null,
    specialization: null,
    phone: null,
  },
};
const createCommand: CreateStaffMember = { type: 'CreateStaffMember', ...created.data, email: 'Ada@Clinic.NG' };
const update = (changes: object, actorUserId = ADMIN, hospitalId = HOSPITAL) => ({
  type: 'UpdateStaffMember' as const,
  userId: 'u-1',
  hospitalId,
  actorUserId,
  changes,
});

describe('staff member decider', () => {
  it('creates a member with the email lowercased', () => {
    given(staffMemberDecider, []).when(createCommand).then([created]);
  });

  it('refuses to create the same member twice', () => {
    given(staffMemberDecider, [created]).when(createCommand).thenThrows(StaffMemberAlreadyExists);
  });

  it('refuses the admin role, which only onboarding grants', () => {
    given(staffMemberDecider, [])
      .when({ ...createCommand, role: 'admin' })
      .thenThrows(AdminRoleRefused);
    given(staffMemberDecider, [created])
      .when(update({ role: 'admin' }))
      .thenThrows(AdminRoleRefused);
  });

  it('records the full new profile when fields change', () => {
    given(staffMemberDecider, [created])
      .when(update({ lastName: 'Okafor', role: 'nurse' }))
      .then([
        {
          type: 'StaffMemberUpdated',
          data: { userId: 'u-1', firstName: 'Ada', lastName: 'Okafor', email: 'ada@clinic.ng', role: 'nurse' },
        },
      ]);
  });

  it('records nothing when nothing changes', () => {
    given(staffMemberDecider, [created])
      .when(update({ firstName: 'Ada', email: 'ADA@clinic.ng', isActive: true }))
      .then([]);
  });

  it('deactivates and reactivates', () => {
    given(staffMemberDecider, [created])
      .when(update({ isActive: false }))
      .then([{ type: 'StaffMemberDeactivated', data: { userId: 'u-1' } }]);
    given(staffMemberDecider, [created, { type: 'StaffMemberDeactivated', data: { userId: 'u-1' } }])
      .when(update({ isActive: true, firstName: 'Adaeze' }))
      .then([
        {
          type: 'StaffMemberUpdated',
          data: { userId: 'u-1', firstName: 'Adaeze', lastName: 'Obi', email: 'ada@clinic.ng', role: 'doctor' },
        },
        { type: 'StaffMemberReactivated', data: { userId: 'u-1' } },
      ]);
  });

  it('refuses to let the caller deactivate or delete themself', () => {
    given(staffMemberDecider, [created])
      .when(update({ isActive: false }, 'u-1'))
      .thenThrows(CannotDeactivateSelf);
    given(staffMemberDecider, [created])
      .when({ type: 'DeleteStaffMember', userId: 'u-1', hospitalId: HOSPITAL, actorUserId: 'u-1' })
      .thenThrows(CannotDeleteSelf);
  });

  it('treats members of another hospital, unknown and deleted members as not found', () => {
    given(staffMemberDecider, [created])
      .when(update({ firstName: 'X' }, ADMIN, 'h-2'))
      .thenThrows(StaffMemberNotFound, 'User not found');
    given(staffMemberDecider, [])
      .when(update({ firstName: 'X' }))
      .thenThrows(StaffMemberNotFound);
    const deleted = { type: 'StaffMemberDeleted' as const, data: { userId: 'u-1' } };
    given(staffMemberDecider, [created, deleted])
      .when(update({ firstName: 'X' }))
      .thenThrows(StaffMemberNotFound);
    given(staffMemberDecider, [created, deleted])
      .when({ type: 'DeleteStaffMember', userId: 'u-1', hospitalId: HOSPITAL, actorUserId: ADMIN })
      .thenThrows(StaffMemberNotFound);
  });

  it('deletes a member', () => {
    given(staffMemberDecider, [created])
      .when({ type: 'DeleteStaffMember', userId: 'u-1', hospitalId: HOSPITAL, actorUserId: ADMIN })
      .then([{ type: 'StaffMemberDeleted', data: { userId: 'u-1' } }]);
  });
});

const seat = (n: number): DirectoryEvent => ({
  type: 'StaffSeatAssigned',
  data: { userId: `u-${n}`, employeeId: formatEmployeeId(n), number: n },
});
const seats = (count: number) => Array.from({ length: count }, (_, i) => seat(i + 1));

describe('staff directory decider', () => {
  it('hands out the next employee number', () => {
    given(directoryDecider, seats(2))
      .when({ type: 'AssignSeat', userId: 'u-new', registeredPlan: 'clinic' })
      .then([{ type: 'StaffSeatAssigned', data: { userId: 'u-new', employeeId: 'EMP-0003', number: 3 } }]);
  });

  it('never reuses the number of a released seat', () => {
    given(directoryDecider, [...seats(2), { type: 'StaffSeatReleased', data: { userId: 'u-2' } }])
      .when({ type: 'AssignSeat', userId: 'u-new', registeredPlan: 'clinic' })
      .then([{ type: 'StaffSeatAssigned', data: { userId: 'u-new', employeeId: 'EMP-0003', number: 3 } }]);
  });

  it('lets the Clinic plan hold the admin and six staff, and refuses the eighth user', () => {
    given(directoryDecider, seats(5))
      .when({ type: 'AssignSeat', userId: 'u-6', registeredPlan: 'clinic' })
      .then([seat(6)]);
    given(directoryDecider, seats(6))
      .when({ type: 'AssignSeat', userId: 'u-7', registeredPlan: 'clinic' })
      .thenThrows(PlanLimitReached, 'The Clinic plan allows up to 7 users. Upgrade to the Hospital plan to add more.');
  });

  it('frees a seat when a member is deleted', () => {
    given(directoryDecider, [...seats(6), { type: 'StaffSeatReleased', data: { userId: 'u-3' } }])
      .when({ type: 'AssignSeat', userId: 'u-7', registeredPlan: 'clinic' })
      .then([seat(7)]);
  });

  it('lifts the limit on the Hospital plan, whether registered with it or changed to it', () => {
    given(directoryDecider, seats(6))
      .when({ type: 'AssignSeat', userId: 'u-7', registeredPlan: 'hospital' })
      .then([seat(7)]);
    given(directoryDecider, [
      ...seats(6),
      { type: 'HospitalPlanChanged', data: { hospitalId: HOSPITAL, plan: 'hospital' } },
    ])
      .when({ type: 'AssignSeat', userId: 'u-7', registeredPlan: 'clinic' })
      .then([seat(7)]);
  });

  it('records a plan change only when the plan differs', () => {
    given(directoryDecider, [])
      .when({ type: 'ChangePlan', hospitalId: HOSPITAL, plan: 'clinic', registeredPlan: 'clinic' })
      .then([]);
    given(directoryDecider, [])
      .when({ type: 'ChangePlan', hospitalId: HOSPITAL, plan: 'hospital', registeredPlan: 'clinic' })
      .then([{ type: 'HospitalPlanChanged', data: { hospitalId: HOSPITAL, plan: 'hospital' } }]);
  });

  it('releases only a seat that is held', () => {
    given(directoryDecider, seats(1)).when({ type: 'ReleaseSeat', userId: 'u-9' }).then([]);
    given(directoryDecider, seats(1))
      .when({ type: 'ReleaseSeat', userId: 'u-1' })
      .then([{ type: 'StaffSeatReleased', data: { userId: 'u-1' } }]);
  });
});
