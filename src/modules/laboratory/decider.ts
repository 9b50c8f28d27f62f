import type { Decider } from '../../platform/event-store/command-handler';
import { Conflict } from '../../platform/http/errors';
import { LabRequestNotFound, LabResultsAlreadyRecorded } from './errors';
import type { LabRequestEvent, LabRequestOrdered, LabResults } from './events';
import { evolveLabRequest, initialLabRequestState, type LabRequestState } from './lab-request';
import { resolveValues, type LabValueInput } from './structured-results';

/** Results as sent: free text, values by parameter, or structured values still to resolve against the test. */
export type LabResultsInput = Exclude<LabResults, unknown[]> | LabValueInput[];

export type OrderLabTest = { type: 'OrderLabTest'; order: LabRequestOrdered['data'] };
export type StartLabTest = { type: 'StartLabTest'; labRequestId: string; hospitalId: string };
export type RecordLabResults = {
  type: 'RecordLabResults';
  labRequestId: string;
  hospitalId: string;
  results: LabResultsInput;
  notes: string | null;
  conductedBy: string;
};
export type LabRequestCommand = OrderLabTest | StartLabTest | RecordLabResults;

type Existing = Exclude<LabRequestState, { status: 'none' }>;

function existingIn(state: LabRequestState, hospitalId: string): Existing {
  if (state.status === 'none' || state.request.hospitalId !== hospitalId) throw new LabRequestNotFound();
  return state;
}

function order(command: OrderLabTest, state: LabRequestState): LabRequestEvent[] {
  if (state.status !== 'none') throw new Conflict('This lab request already exists');
  return [{ type: 'LabRequestOrdered', data: command.order }];
}

const context = ({ hospitalId: _h, ...rest }: Existing['request']) => rest;

/** Starting a test already under way changes nothing; a completed one cannot start again. */
function start(command: StartLabTest, state: LabRequestState): LabRequestEvent[] {
  const current = existingIn(state, command.hospitalId);
  if (current.status === 'completed') throw new LabResultsAlreadyRecorded();
  if (current.status === 'in progress') return [];
  return [{ type: 'LabTestStarted', data: context(current.request) }];
}

function record(command: RecordLabResults, state: LabRequestState): LabRequestEvent[] {
  const current = existingIn(state, command.hospitalId);
  if (current.status === 'completed') throw new LabResultsAlreadyRecorded();
  const { notes, conductedBy } = command;
  const results = Array.isArray(command.results)
    ? resolveValues(current.request.testCode, command.results)
    : command.results;
  return [{ type: 'LabResultsRecorded', data: { ...context(current.request), results, notes, conductedBy } }];
}

export const labRequestDecider: Decider<LabRequestCommand, LabRequestEvent, LabRequestState> = {
  initialState: initialLabRequestState,
  evolve: evolveLabRequest,
  decide: (command, state) => {
    switch (command.type) {
      case 'OrderLabTest':
        return order(command, state);
      case 'StartLabTest':
        return start(command, state);
      case 'RecordLabResults':
        return record(command, state);
      default: {
        const never: never = command;
        throw new Error(`Unknown command ${(never as { type: string }).type}`);
      }
    }
  },
};
