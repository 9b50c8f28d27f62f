import type { Decider } from '../../platform/event-store/command-handler';
import {
  EmptyInvoice,
  InvoiceAlreadyPaid,
  InvoiceAlreadyRaised,
  InvoiceHasPayments,
  InvoiceInClaim,
  InvoiceIsVoid,
  InvoiceLineNotFound,
  InvoiceNotFound,
  LineAlreadyPriced,
  Overpayment,
  ShareAlreadyPaid,
} from './errors';
import type { InvoiceEvent, InvoiceLine, InvoiceRaised, PaymentMethod } from './events';
import { balances, evolveInvoice, initialInvoiceState, NO_LIST_PRICE, withShares, type InvoiceState } from './invoice';

type Target = { invoiceId: string; hospitalId: string };
export type RaiseInvoice = { type: 'RaiseInvoice'; invoice: InvoiceRaised['data'] };
export type AddInvoiceLines = Target & { type: 'AddInvoiceLines'; lines: InvoiceLine[] };
export type RecordPayment = Target & {
  type: 'RecordPayment';
  paymentId: string;
  amountKobo: number;
  method: PaymentMethod;
  reference: string | null;
  receiptNumber: string;
  idempotencyKey: string | null;
};
export type VoidInvoice = Target & { type: 'VoidInvoice'; reason: string };
/** Puts the invoice's unclaimed HMO share into a claim; nothing when there is none. */
export type ClaimInvoice = Target & { type: 'ClaimInvoice'; claimId: string; claimNumber: string; hmoId: string };
/** The HMO's answer for the invoice's item of a claim: paid (in full or part), the rest rejected. */
export type SettleInvoiceClaim = Target & {
  type: 'SettleInvoiceClaim';
  claimId: string;
  claimNumber: string;
  paidKobo: number;
  reason: string | null;
};
/** The accountant prices a ₦0 line (issue 34 §1); a priced line is refused, never changed silently. */
export type PriceInvoiceLine = Target & { type: 'PriceInvoiceLine'; lineId: string; unitPriceKobo: number };
export type InvoiceCommand =
  RaiseInvoice | AddInvoiceLines | RecordPayment | VoidInvoice | ClaimInvoice | SettleInvoiceClaim | PriceInvoiceLine;

type Open = Extract<InvoiceState, { status: 'open' | 'void' }>;

/** The hospital's invoice; another hospital's is not found. */
function existing(state: InvoiceState, hospitalId: string): Open {
  if (state.status === 'none' || state.hospitalId !== hospitalId) throw new InvoiceNotFound();
  return state;
}

function open(state: InvoiceState, hospitalId: string): Open {
  const invoice = existing(state, hospitalId);
  if (invoice.status === 'void') throw new InvoiceIsVoid();
  return invoice;
}

const sum = (lines: InvoiceLine[]) => lines.reduce((n, l) => n + l.amountKobo, 0);

function raise(command: RaiseInvoice, state: InvoiceState): InvoiceEvent[] {
  if (state.status !== 'none') throw new InvoiceAlreadyRaised();
  const { invoice } = command;
  if (invoice.lines.length === 0) throw new EmptyInvoice();
  const lines = withShares(invoice.lines, invoice.cover);
  return [{ type: 'InvoiceRaised', data: { ...invoice, lines, totalKobo: sum(lines) } }];
}

/** Lines whose source is on the invoice already are left out: nothing is charged twice. */
function addLines(command: AddInvoiceLines, state: InvoiceState): InvoiceEvent[] {
  const invoice = open(state, command.hospitalId);
  const fresh = command.lines.filter((l) => l.source === null || !invoice.sources.has(l.source));
  const lines = withShares(fresh, invoice.cover);
  if (lines.length === 0) return [];
  return [
    {
      type: 'InvoiceLinesAdded',
      data: {
        invoiceId: invoice.invoiceId,
        patientId: invoice.patientId,
        patientName: invoice.patientName,
        lines,
        totalKobo: invoice.totalKobo + sum(lines),
      },
    },
  ];
}

function pay(command: RecordPayment, state: InvoiceState): InvoiceEvent[] {
  const invoice = open(state, command.hospitalId);
  const owed = invoice.totalKobo - invoice.paidKobo;
  if (owed <= 0) throw new InvoiceAlreadyPaid();
  // On a covered invoice an HMO payment pays the HMO's share (less what is claimed), any other the patient's.
  const payer = invoice.cover && command.method === 'hmo' ? 'hmo' : 'patient';
  const b = balances(invoice);
  const balance = !invoice.cover ? owed : payer === 'hmo' ? b.claimableKobo : b.patientKobo;
  if (balance <= 0) throw new ShareAlreadyPaid(payer);
  if (command.amountKobo > balance) throw new Overpayment(balance, command.amountKobo);
  const { paymentId, amountKobo, method, reference, receiptNumber, idempotencyKey } = command;
  return [
    {
      type: 'PaymentRecorded',
      data: {
        invoiceId: invoice.invoiceId,
        paymentId,
        patientId: invoice.patientId,
        patientName: invoice.patientName,
        amountKobo,
        method,
        reference,
        receiptNumber,
        idempotencyKey,
        payer,
      },
    },
  ];
}

function claim(command: ClaimInvoice, state: InvoiceState): InvoiceEvent[] {
  const invoice = open(state, command.hospitalId);
  if (!invoice.cover || invoice.cover.hmoId !== command.hmoId) return [];
  const amountKobo = balances(invoice).claimableKobo;
  if (amountKobo <= 0) return [];
  const { claimId, claimNumber, hmoId } = command;
  return [{ type: 'InvoiceClaimed', data: { invoiceId: invoice.invoiceId, claimId, claimNumber, hmoId, amountKobo } }];
}

function settleClaim(command: SettleInvoiceClaim, state: InvoiceState): InvoiceEvent[] {
  const invoice = existing(state, command.hospitalId);
  const claimed = invoice.pendingClaims.get(command.claimId);
  if (claimed === undefined) return [];
  const paidKobo = Math.min(claimed, command.paidKobo);
  const { claimId, claimNumber, reason } = command;
  return [
    {
      type: 'InvoiceClaimSettled',
      data: { invoiceId: invoice.invoiceId, claimId, claimNumber, paidKobo, rejectedKobo: claimed - paidKobo, reason },
    },
  ];
}

function voidInvoice(command: VoidInvoice, state: InvoiceState): InvoiceEvent[] {
  const invoice = open(state, command.hospitalId);
  if (invoice.paidKobo > 0) throw new InvoiceHasPayments();
  if (invoice.pendingClaims.size > 0) throw new InvoiceInClaim();
  const { invoiceId, patientId, patientName } = invoice;
  return [{ type: 'InvoiceVoided', data: { invoiceId, patientId, patientName, reason: command.reason } }];
}

function priceLine(command: PriceInvoiceLine, state: InvoiceState): InvoiceEvent[] {
  const invoice = open(state, command.hospitalId);
  const line = invoice.unpriced.get(command.lineId);
  if (!line) {
    // A line that is on the invoice with a price (it was sent, or priced already) is not silently changed.
    if (invoice.knownLines.has(command.lineId)) throw new LineAlreadyPriced();
    throw new InvoiceLineNotFound();
  }
  if (command.unitPriceKobo === 0) return [];
  const amountKobo = line.quantity * command.unitPriceKobo;
  const [priced] = withShares([{ ...line, unitPriceKobo: command.unitPriceKobo, amountKobo }], invoice.cover);
  const description = line.description.endsWith(NO_LIST_PRICE)
    ? line.description.slice(0, -NO_LIST_PRICE.length)
    : line.description;
  return [
    {
      type: 'InvoiceLineRepriced',
      data: {
        invoiceId: invoice.invoiceId,
        patientId: invoice.patientId,
        patientName: invoice.patientName,
        lineId: line.lineId,
        description,
        fromUnitPriceKobo: line.unitPriceKobo,
        unitPriceKobo: command.unitPriceKobo,
        amountKobo,
        ...(priced!.hmoKobo !== undefined ? { hmoKobo: priced!.hmoKobo } : {}),
        totalKobo: invoice.totalKobo + amountKobo,
      },
    },
  ];
}

export const invoiceDecider: Decider<InvoiceCommand, InvoiceEvent, InvoiceState> = {
  initialState: initialInvoiceState,
  evolve: evolveInvoice,
  decide: (command, state) => {
    switch (command.type) {
      case 'RaiseInvoice':
        return raise(command, state);
      case 'AddInvoiceLines':
        return addLines(command, state);
      case 'RecordPayment':
        return pay(command, state);
      case 'VoidInvoice':
        return voidInvoice(command, state);
      case 'ClaimInvoice':
        return claim(command, state);
      case 'SettleInvoiceClaim':
        return settleClaim(command, state);
      case 'PriceInvoiceLine':
        return priceLine(command, state);
      default: {
        const never: never = command;
        throw new Error(`Unknown command ${(never as { type: string }).type}`);
      }
    }
  },
};
