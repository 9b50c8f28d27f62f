import { describe, it } from 'vitest';
import { given } from '../../../test/helpers/given';
import { invoiceDecider, type InvoiceCommand } from './decider';
import { InvoiceAlreadyPaid, InvoiceHasPayments, InvoiceIsVoid, InvoiceNotFound, Overpayment } from './errors';
import type { InvoiceEvent, InvoiceLine } from './events';

const line = (amountKobo: number, source: string | null = null): InvoiceLine => ({
  lineId: `l-${amountKobo}`,
  kind: 'charge',
  description: 'Injection',
  quantity: 1,
  unitPriceKobo: amountKobo,
  amountKobo,
  source,
});
const patient = { patientId: 'p-1', patientName: 'Ada Obi' };
const raised: InvoiceEvent = {
  type: 'InvoiceRaised',
  data: {
    invoiceId: 'i-1',
    hospitalId: 'h-1',
    ...patient,
    consultationId: 'c-1',
    doctor: null,
    lines: [line(500_000, 'consultation:c-1'), line(150_050, 'consultation:c-1:charge:0')],
    totalKobo: 650_050,
  },
};
const pay = (amountKobo: number, hospitalId = 'h-1'): InvoiceCommand => ({
  type: 'RecordPayment',
  invoiceId: 'i-1',
  hospitalId,
  paymentId: 'pay-2',
  amountKobo,
  method: 'cash',
  reference: null,
  receiptNumber: 'RCT-000002',
  idempotencyKey: null,
});
const paid = (amountKobo: number): Extract<InvoiceEvent, { type: 'PaymentRecorded' }> => ({
  type: 'PaymentRecorded',
  data: {
    invoiceId: 'i-1',
    paymentId: 'pay-1',
    ...patient,
    amountKobo,
    method: 'pos',
    reference: 'POS-1',
    receiptNumber: 'RCT-000001',
    idempotencyKey: null,
  },
});

describe('invoice decider', () => {
  it('raises an invoice whose total is the sum of its lines, in kobo', () =>
    given(invoiceDecider)
      .when({ type: 'RaiseInvoice', invoice: { ...raised.data, totalKobo: 1 } as never })
      .then([raised]));

  it('takes a part payment and then exactly the balance', () =>
    given(invoiceDecider, [raised, paid(400_000)])
      .when(pay(250_050))
      .then([
        {
          type: 'PaymentRecorded',
          data: {
            ...paid(0).data,
            paymentId: 'pay-2',
            amountKobo: 250_050,
            method: 'cash',
            reference: null,
            receiptNumber: 'RCT-000002',
            payer: 'patient',
          },
        },
      ]));

  it('refuses one kobo more than the balance, naming both in naira', () =>
    given(invoiceDecider, [raised, paid(400_000)])
      .when(pay(250_051))
      .thenThrows(Overpayment, 'Payment of ₦2,500.51 is more than the balance of ₦2,500.50'));

  it('refuses a payment on a paid invoice', () =>
    given(invoiceDecider, [raised, paid(650_050)])
      .when(pay(1))
      .thenThrows(InvoiceAlreadyPaid));

  it("answers not found for another hospital's invoice", () =>
    given(invoiceDecider, [raised]).when(pay(100, 'h-2')).thenThrows(InvoiceNotFound));

  it('adds only lines whose source is not on the invoice yet, with the new total', () =>
    given(invoiceDecider, [raised])
      .when({
        type: 'AddInvoiceLines',
        invoiceId: 'i-1',
        hospitalId: 'h-1',
        lines: [line(150_050, 'consultation:c-1:charge:0'), line(12_000, 'lab:r-1')],
      })
      .then([
        {
          type: 'InvoiceLinesAdded',
          data: { invoiceId: 'i-1', ...patient, lines: [line(12_000, 'lab:r-1')], totalKobo: 662_050 },
        },
      ]));

  it('voids an unpaid invoice with its reason, and then takes no payment', () => {
    given(invoiceDecider, [raised])
      .when({ type: 'VoidInvoice', invoiceId: 'i-1', hospitalId: 'h-1', reason: 'Duplicate' })
      .then([{ type: 'InvoiceVoided', data: { invoiceId: 'i-1', ...patient, reason: 'Duplicate' } }]);
    given(invoiceDecider, [raised, { type: 'InvoiceVoided', data: { invoiceId: 'i-1', ...patient, reason: 'x' } }])
      .when(pay(100))
      .thenThrows(InvoiceIsVoid);
  });

  it('refuses to void an invoice that has payments', () =>
    given(invoiceDecider, [raised, paid(100)])
      .when({ type: 'VoidInvoice', invoiceId: 'i-1', hospitalId: 'h-1', reason: 'Duplicate' })
      .thenThrows(InvoiceHasPayments));
});
