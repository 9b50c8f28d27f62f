import { BadRequest, Conflict, NotFound } from '../../platform/http/errors';
import { DOB_IN_FUTURE } from '../../shared/api/patient-inputs';
import type { duplicateCandidate } from '../../shared/api/patients';
import type { z } from 'zod';

/** Domain errors of the patients module; each is the HTTP error it maps to, with the user-facing message. */
export class PatientNotFound extends NotFound {
  constructor() {
    super('Patient not found');
  }
}

export class PatientAlreadyRegistered extends Conflict {
  constructor() {
    super('This patient is already registered');
  }
}

export class PatientAlreadyAdmitted extends Conflict {
  constructor() {
    super('This patient is already admitted', { code: 'ALREADY_ADMITTED' });
  }
}

export class DateOfBirthInFuture extends BadRequest {
  constructor() {
    super(DOB_IN_FUTURE, [{ field: 'dateOfBirth', message: DOB_IN_FUTURE }]);
  }
}

export class DuplicateIdentificationNumber extends Conflict {
  constructor() {
    super('A patient with this identification number already exists', { code: 'DUPLICATE_IDENTIFICATION' });
  }
}

/** A likely duplicate named in a 409 LIKELY_DUPLICATE (the shared contract's, which the browser reads). */
export type DuplicateCandidate = z.output<typeof duplicateCandidate>;

/** A registration that looks like a patient the hospital already has; resent with allowDuplicate it goes through. */
export class LikelyDuplicatePatient extends Conflict {
  constructor(candidates: DuplicateCandidate[]) {
    super('This patient may already be registered', { code: 'LIKELY_DUPLICATE', details: { candidates } });
  }
}

/**
 * The client edited from a version someone else has since changed; `current` is the record as it
 * now stands, with who set its status last and when (`changedBy`, `changedAt`). It is also under
 * `data`, where an offline device's sync reads it.
 */
export class StalePatientVersion extends Conflict {
  constructor(current: unknown) {
    super('This patient was changed by someone else. Review the current values and try again.', {
      code: 'STALE_VERSION',
      details: { current, data: { current } },
    });
  }
}
