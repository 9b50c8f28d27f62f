import { Conflict, NotFound } from '../../platform/http/errors';

export class MedicationNotFound extends NotFound {
  constructor() {
    super('Medication not found');
  }
}

export class MedicationAlreadyStocked extends Conflict {
  constructor() {
    super('This medication is already in the inventory');
  }
}

/** Not enough (unexpired) stock of a prescribed medication; names it, with what is there. */
export class InsufficientStock extends Conflict {
  constructor(medication: string, available: number, requested: number) {
    super(`Insufficient stock for ${medication}: ${available} available, ${requested} requested`, {
      code: 'INSUFFICIENT_STOCK',
      details: { medication, available, requested },
    });
  }
}

export class StockBelowZero extends Conflict {
  constructor(available: number) {
    super(`This adjustment would take the stock below zero (${available} in stock)`, {
      code: 'STOCK_BELOW_ZERO',
      details: { available },
    });
  }
}

/** A receipt or adjustment that would take a batch past the most it may hold. */
export class StockAboveMaximum extends Conflict {
  constructor(maximum: number, available: number) {
    const units = (n: number) => n.toLocaleString('en-NG');
    super(`A batch holds at most ${units(maximum)} units (${units(available)} in stock)`, {
      code: 'STOCK_ABOVE_MAXIMUM',
      details: { maximum, available },
    });
  }
}
