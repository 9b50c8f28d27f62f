import type { LabRequestEvent, LabRequestOrdered } from './events';

export type LabRequestStatus = 'pending' | 'in progress' | 'completed';
type Context = Omit<LabRequestOrdered['data'], 'instructions'>;

/** A lab request, stream `lab-request-<labRequestId>`. */
export type LabRequestState = { status: 'none' } | { status: LabRequestStatus; request: Context };

export const labRequestStream = (labRequestId: string) => `lab-request-${labRequestId}`;
/** Where a consultation's results meet (`LabResultsTallied`). */
export const labResultsTallyStream = (consultationId: string) => `lab-results-${consultationId}`;

export const initialLabRequestState = (): LabRequestState => ({ status: 'none' });

export function evolveLabRequest(state: LabRequestState, event: LabRequestEvent): LabRequestState {
  switch (event.type) {
    case 'LabRequestOrdered': {
      const { instructions: _instructions, ...request } = event.data;
      return { status: 'pending', request };
    }
    case 'LabTestStarted':
      return state.status === 'none' ? state : { ...state, status: 'in progress' };
    case 'LabResultsRecorded':
      return state.status === 'none' ? state : { ...state, status: 'completed' };
    default:
      return state;
  }
}
