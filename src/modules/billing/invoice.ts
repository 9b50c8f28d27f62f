import { splitKobo } from '../../shared/money';
import type { InvoiceCover, InvoiceEvent, InvoiceLine, LineKind } from './events';
import { INVOICE_STATUSES } from '../../shared/api/billing';

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
      cover: InvoiceCover | null;
      /** The HMO's share now (a rejected claim item moves its part to the patient). */
      hmoShareKobo: number;
      /** Of `paidKobo`, what the HMO paid. */
      hmoPaidKobo: number;
      /** Per claim still submitted: the share it holds. */
      pendingClaims: ReadonlyMap<string, number>;
      /** The lines at ₦0, by line id: the only lines the accountant may price on the invoice. */
      unpriced: ReadonlyMap<string, InvoiceLine>;
      /** Every line id on it, to tell a priced line from one that is not there. */
      knownLines: ReadonlySet<string>;
    };

type Open = Extract<InvoiceState, { status: 'open' | 'void' }>;

/** The share of a kind an HMO covers: charges go with the consultation, other lines are the patient's. */
export function coveredPercent(cover: InvoiceCover, kind: LineKind): number {
  if (kind === 'consultation' || kind === 'charge') return cover.coverage.consultation;
  if (kind === 'medication') return cover.coverage.medication;
  if (kind === 'lab') return cover.coverage.lab;
  return 0;
}

/** Each line's HMO share, split per line with the remainder kobo on the patient. */
export function withShares(lines: InvoiceLine[], cover: InvoiceCover | null | undefined): InvoiceLine[] {
  if (!cover) return lines;
  return lines.map((l) => ({ ...l, hmoKobo: splitKobo(l.amountKobo, coveredPercent(cover, l.kind)).payerKobo }));
}

const hmoSum = (lines: InvoiceLine[]) => lines.reduce((n, l) => n + (l.hmoKobo ?? 0), 0);
const unpricedOf = (lines: InvoiceLine[]) =>
  lines.filter((l) => l.unitPriceKobo === 0).map((l) => [l.lineId, l] as const);
/** The suffix an invoicing reaction gives a line it found no list price for. */
export const NO_LIST_PRICE = ' (no list price)';
const pending = (s: Open) => [...s.pendingClaims.values()].reduce((a, b) => a + b, 0);

/** What each payer still owes, and what of the HMO's share is in no claim yet. */
export function balances(s: Open) {
  const patientShare = s.totalKobo - s.hmoShareKobo;
  const patientPaid = s.paidKobo - s.hmoPaidKobo;
  return {
    patientKobo: patientShare - patientPaid,
    hmoKobo: s.hmoShareKobo - s.hmoPaidKobo,
    claimableKobo: s.hmoShareKobo - s.hmoPaidKobo - pending(s),
    pendingKobo: pending(s),
  };
}

export const invoiceStream = (invoiceId: string) => `invoice-${invoiceId}`;

export const initialInvoiceState = (): InvoiceState => ({ status: 'none' });

export { INVOICE_STATUSES };
export type InvoiceStatus = (typeof INVOICE_STATUSES)[number];

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
        cover: d.cover ?? null,
        hmoShareKobo: hmoSum(d.lines),
        hmoPaidKobo: 0,
        pendingClaims: new Map(),
        unpriced: new Map(unpricedOf(d.lines)),
        knownLines: new Set(d.lines.map((l) => l.lineId)),
      };
    }
    case 'InvoiceLinesAdded':
      if (state.status === 'none') return state;
      return {
        ...state,
        totalKobo: event.data.totalKobo,
        hmoShareKobo: state.hmoShareKobo + hmoSum(event.data.lines),
        sources: new Set([...state.sources, ...event.data.lines.flatMap((l) => (l.source ? [l.source] : []))]),
        unpriced: new Map([...state.unpriced, ...unpricedOf(event.data.lines)]),
        knownLines: new Set([...state.knownLines, ...event.data.lines.map((l) => l.lineId)]),
      };
    case 'InvoiceLineRepriced': {
      if (state.status === 'none') return state;
      const unpriced = new Map(state.unpriced);
      unpriced.delete(event.data.lineId);
      const hmoShareKobo = state.hmoShareKobo + (event.data.hmoKobo ?? 0);
      return { ...state, unpriced, totalKobo: event.data.totalKobo, hmoShareKobo };
    }
    case 'PaymentRecorded': {
      if (state.status === 'none') return state;
      const byHmo = event.data.payer === 'hmo' ? event.data.amountKobo : 0;
      return { ...state, paidKobo: state.paidKobo + event.data.amountKobo, hmoPaidKobo: state.hmoPaidKobo + byHmo };
    }
    case 'InvoiceClaimed':
      if (state.status === 'none') return state;
      return {
        ...state,
        pendingClaims: new Map([...state.pendingClaims, [event.data.claimId, event.data.amountKobo]]),
      };
    case 'InvoiceClaimSettled': {
      if (state.status === 'none') return state;
      const { claimId, paidKobo, rejectedKobo } = event.data;
      const pendingClaims = new Map(state.pendingClaims);
      pendingClaims.delete(claimId);
      return {
        ...state,
        pendingClaims,
        paidKobo: state.paidKobo + paidKobo,
        hmoPaidKobo: state.hmoPaidKobo + paidKobo,
        hmoShareKobo: state.hmoShareKobo - rejectedKobo,
      };
    }
    case 'InvoiceVoided':
      return state.status === 'none' ? state : { ...state, status: 'void' };
    default:
      return state;
  }
}
