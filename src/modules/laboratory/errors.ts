import { Conflict, NotFound } from '../../platform/http/errors';

export class LabRequestNotFound extends NotFound {
  constructor() {
    super('Lab request not found');
  }
}

export class LabResultsAlreadyRecorded extends Conflict {
  constructor() {
    super('Results for this test have already been recorded', { code: 'LAB_REQUEST_COMPLETED' });
  }
}
