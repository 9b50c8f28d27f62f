import { AppError, BadRequest, Conflict, NotFound } from '../../platform/http/errors';
import { formatNaira } from '../../shared/money';

export class InvoiceNotFound extends NotFound {
  constructor() {
    super('Invoice not found');
  }
}

export class PaymentNotFound extends NotFound {
  constructor() {
    super('Payment not found');
  }
}

export class InvoiceAlreadyRaised extends Conflict {
  constructor() {
    super('This invoice is already raised');
  }
}

export class InvoiceIsVoid extends Conflict {
  constructor() {
    super('This invoice is void', { code: 'INVOICE_VOID' });
  }
}

export class InvoiceAlreadyPaid extends Conflict {
  constructor() {
    super('This invoice is already paid in full', { code: 'INVOICE_PAID' });
  }
}

/** More than the balance: refused, never kept as credit (the accountant gives change instead). */
export class Overpayment extends Conflict {
  constructor(balanceKobo: number, amountKobo: number) {
    super(`Payment of ${formatNaira(amountKobo)} is more than the balance of ${formatNaira(balanceKobo)}`, {
      code: 'OVERPAYMENT',
      details: { balanceKobo, amountKobo },
    });
  }
}

/** A voided invoice with payments would leave money unaccounted for. */
export class InvoiceHasPayments extends Conflict {
  constructor() {
    super('An invoice with payments cannot be voided', { code: 'INVOICE_HAS_PAYMENTS' });
  }
}

/**
 * 422: the key names a request already made, and this one differs from it (another invoice, amount,
 * method or reference). Answering the first payment would tell the client its new request was done.
 */
export class IdempotencyKeyReused extends AppError {
  constructor(key: string) {
    super(422, `Idempotency-Key ${key} was already used for a different request`, undefined, undefined, {
      code: 'IDEMPOTENCY_KEY_REUSED',
      details: { idempotencyKey: key },
    });
  }
}

export class EmptyInvoice extends BadRequest {
  constructor() {
    super('Add at least one line', [{ field: 'lines', message: 'Add at least one line' }]);
  }
}

export class ShareAlreadyPaid extends Conflict {
  constructor(payer: 'hmo' | 'patient') {
    super(payer === 'hmo' ? "The HMO's share is already paid or claimed" : "The patient's share is already paid", {
      code: 'SHARE_PAID',
    });
  }
}

export class InvoiceInClaim extends Conflict {
  constructor() {
    super('An invoice in a submitted HMO claim cannot be voided', { code: 'INVOICE_IN_CLAIM' });
  }
}

export class HmoNotFound extends NotFound {
  constructor() {
    super('HMO not found');
  }
}

export class HmoCodeTaken extends Conflict {
  constructor(code: string) {
    super(`An HMO with code ${code} already exists`, { code: 'DUPLICATE_HMO_CODE' });
  }
}

export class HmoInactive extends Conflict {
  constructor() {
    super('This HMO is not active', { code: 'HMO_INACTIVE' });
  }
}

export class ClaimNotFound extends NotFound {
  constructor() {
    super('Claim not found');
  }
}

export class ClaimAlreadySettled extends Conflict {
  constructor() {
    super('This claim is already settled', { code: 'CLAIM_SETTLED' });
  }
}

export class NothingToClaim extends Conflict {
  constructor(hmoName: string, month: string) {
    super(`No unclaimed ${hmoName} shares for ${month}`, { code: 'NOTHING_TO_CLAIM' });
  }
}

export class InvoiceLineNotFound extends NotFound {
  constructor() {
    super('Invoice line not found');
  }
}

/** A line with a price may have been paid: it is never changed on the invoice (issue 34 §1). */
export class LineAlreadyPriced extends Conflict {
  constructor() {
    super('This line already has a price; only a line without a price can be priced on the invoice', {
      code: 'LINE_PRICED',
    });
  }
}
