import type { InvoiceEvent } from './events';

/** An invoice, stream `invoice-<invoiceId>`: what its rules need. */
export type InvoiceState =
  | { status: 'none' }
  | {
      status: 'open' | 'void';
      invoiceId: string;
      hospitalId: string;
      patientId: string;
      patientName: string;
      totalKobo: number;
      paidKobo: number;
      /** Sources of the lines on it: a replayed reaction adds nothing twice. */
      sources: ReadonlySet<string>;
    };

export const invoiceStream = (invoiceId: string) => `invoice-${invoiceId}`;

export const initialInvoiceState = (): InvoiceState => ({ status: 'none' });

export type InvoiceStatus = 'unpaid' | 'part-paid' | 'paid' | 'void';
export const INVOICE_STATUSES: readonly InvoiceStatus[] = ['unpaid', 'part-paid', 'paid', 'void'];

/** Paid once nothing is owed (a free consultation included); part-paid once anything came in. */
export function invoiceStatus(voided: boolean, totalKobo: number, paidKobo: number): InvoiceStatus {
  if (voided) return 'void';
  if (paidKobo >= totalKobo) return 'paid';
  return paidKobo > 0 ? 'part-paid' : 'unpaid';
}

export function evolveInvoice(state: InvoiceState, event: InvoiceEvent): InvoiceState {
  switch (event.type) {
    case 'InvoiceRaised': {
      const d = event.data;
      return {
        status: 'open',
        invoiceId: d.invoiceId,
        hospitalId: d.hospitalId,
        patientId: d.patientId,
        patientName: d.patientName,
        totalKobo: d.totalKobo,
        paidKobo: 0,
        sources: new Set(d.lines.flatMap((l) => (l.source ? [l.source] : []))),
      };
    }
    case 'InvoiceLinesAdded':
      if (state.status === 'none') return state;
      return {
        ...state,
        totalKobo: event.data.totalKobo,
        sources: new Set([...state.sources, ...event.data.lines.flatMap((l) => (l.source ? [l.source] : []))]),
      };
    case 'PaymentRecorded':
      return state.status === 'none' ? state : { ...state, paidKobo: state.paidKobo + event.data.amountKobo };
    case 'InvoiceVoided':
      return state.status === 'none' ? state : { ...state, status: 'void' };
    default:
      return state;
  }
}
