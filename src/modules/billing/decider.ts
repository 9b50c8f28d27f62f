import type { Decider } from '../../platform/event-store/command-handler';
import {
  EmptyInvoice,
  InvoiceAlreadyPaid,
  InvoiceAlreadyRaised,
  InvoiceHasPayments,
  InvoiceIsVoid,
  InvoiceNotFound,
  Overpayment,
} from './errors';
import type { InvoiceEvent, InvoiceLine, InvoiceRaised, PaymentMethod } from './events';
import { evolveInvoice, initialInvoiceState, type InvoiceState } from './invoice';

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
export type InvoiceCommand = RaiseInvoice | AddInvoiceLines | RecordPayment | VoidInvoice;

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
  return [{ type: 'InvoiceRaised', data: { ...invoice, totalKobo: sum(invoice.lines) } }];
}

/** Lines whose source is on the invoice already are left out: nothing is charged twice. */
function addLines(command: AddInvoiceLines, state: InvoiceState): InvoiceEvent[] {
  const invoice = open(state, command.hospitalId);
  const lines = command.lines.filter((l) => l.source === null || !invoice.sources.has(l.source));
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
  const balance = invoice.totalKobo - invoice.paidKobo;
  if (balance <= 0) throw new InvoiceAlreadyPaid();
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
      },
    },
  ];
}

function voidInvoice(command: VoidInvoice, state: InvoiceState): InvoiceEvent[] {
  const invoice = open(state, command.hospitalId);
  if (invoice.paidKobo > 0) throw new InvoiceHasPayments();
  const { invoiceId, patientId, patientName } = invoice;
  return [{ type: 'InvoiceVoided', data: { invoiceId, patientId, patientName, reason: command.reason } }];
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
      default: {
        const never: never = command;
        throw new Error(`Unknown command ${(never as { type: string }).type}`);
      }
    }
  },
};
