import type { Decider } from '../../platform/event-store/command-handler';
import { PlanLimitReached } from './errors';
import { ADMIN_SEATS, PLANS, type PlanCode } from './plans';
import type { DirectoryEvent } from './events';

/**
 * The per-hospital staff directory, stream `staff-directory-<hospitalId>`. It exists to
 * serialise what must be decided across all of a hospital's staff at once: the next employee
 * number and the plan's user limit. Two admins creating users at the same moment both read
 * this stream and append with its revision, so one of them re-decides against the other's
 * seat (the command handler retries) and neither the number nor the limit can be overrun.
 */
export type { DirectoryEvent } from './events';

export type DirectoryState = {
  /** Highest employee number handed out; numbers are never reused, even after a deletion. */
  lastNumber: number;
  /** Seats held, by user id → employee id. */
  seats: Record<string, string>;
  /** Set once a plan change was recorded here; until then the plan the hospital registered with applies. */
  plan: PlanCode | null;
};

export type AssignSeat = { type: 'AssignSeat'; userId: string; registeredPlan: PlanCode };
export type ReleaseSeat = { type: 'ReleaseSeat'; userId: string };
export type ChangePlan = { type: 'ChangePlan'; hospitalId: string; plan: PlanCode; registeredPlan: PlanCode };
export type DirectoryCommand = AssignSeat | ReleaseSeat | ChangePlan;

export const directoryStream = (hospitalId: string) => `staff-directory-${hospitalId}`;

export function formatEmployeeId(n: number): string {
  return `EMP-${String(n).padStart(4, '0')}`;
}

export function effectivePlan(state: DirectoryState, registeredPlan: PlanCode): PlanCode {
  return state.plan ?? registeredPlan;
}

/** Accounts counted against the plan: every seat plus the admin. */
export function usedSeats(state: DirectoryState): number {
  return Object.keys(state.seats).length + ADMIN_SEATS;
}

function evolve(state: DirectoryState, event: DirectoryEvent): DirectoryState {
  switch (event.type) {
    case 'StaffSeatAssigned':
      return {
        ...state,
        lastNumber: Math.max(state.lastNumber, event.data.number),
        seats: { ...state.seats, [event.data.userId]: event.data.employeeId },
      };
    case 'StaffSeatReleased': {
      const { [event.data.userId]: _released, ...seats } = state.seats;
      return { ...state, seats };
    }
    case 'HospitalPlanChanged':
      return { ...state, plan: event.data.plan };
    default:
      return state;
  }
}

function assignSeat(command: AssignSeat, state: DirectoryState): DirectoryEvent[] {
  if (state.seats[command.userId]) return [];
  const plan = effectivePlan(state, command.registeredPlan);
  const max = PLANS[plan].maxUsers;
  if (max !== null && usedSeats(state) + 1 > max) throw new PlanLimitReached(plan);
  const number = state.lastNumber + 1;
  return [
    { type: 'StaffSeatAssigned', data: { userId: command.userId, employeeId: formatEmployeeId(number), number } },
  ];
}

function releaseSeat(command: ReleaseSeat, state: DirectoryState): DirectoryEvent[] {
  return state.seats[command.userId] ? [{ type: 'StaffSeatReleased', data: { userId: command.userId } }] : [];
}

function changePlan(command: ChangePlan, state: DirectoryState): DirectoryEvent[] {
  if (effectivePlan(state, command.registeredPlan) === command.plan) return [];
  // A downgrade below the seats in use is allowed: existing accounts keep working, new ones are refused.
  return [{ type: 'HospitalPlanChanged', data: { hospitalId: command.hospitalId, plan: command.plan } }];
}

export const directoryDecider: Decider<DirectoryCommand, DirectoryEvent, DirectoryState> = {
  initialState: () => ({ lastNumber: 0, seats: {}, plan: null }),
  evolve,
  decide: (command, state) => {
    switch (command.type) {
      case 'AssignSeat':
        return assignSeat(command, state);
      case 'ReleaseSeat':
        return releaseSeat(command, state);
      case 'ChangePlan':
        return changePlan(command, state);
      default: {
        const never: never = command;
        throw new Error(`Unknown command ${(never as { type: string }).type}`);
      }
    }
  },
};
