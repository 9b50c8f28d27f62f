import { BadRequest, Conflict, NotFound } from '../../platform/http/errors';

export class ConsultationNotFound extends NotFound {
  constructor() {
    super('Consultation not found');
  }
}

export class ConsultationAlreadyRecorded extends Conflict {
  constructor() {
    super('This consultation is already recorded');
  }
}

export class NoPrescription extends BadRequest {
  constructor() {
    super('This consultation has no prescription to dispense');
  }
}

export class UnknownPrescriptionItem extends BadRequest {
  constructor(index: number) {
    const message = `The prescription has no medication number ${index}`;
    super(message, [{ field: 'items', message }]);
  }
}
