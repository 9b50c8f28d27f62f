import { describe, expect, it } from 'vitest';
import { given } from '../../../test/helpers/given';
import { invoiceDecider } from './decider';
import { InvoiceInClaim, ShareAlreadyPaid } from './errors';
import type { InvoiceCover, InvoiceEvent } from './events';
import { outcomesOf } from './hmo-deciders';

const cover: InvoiceCover = {
  hmoId: 'hmo-1',
  hmoName: 'Hygeia',
  hmoCode: 'HYG',
  enrolleeNumber: 'HYG/1',
  coverage: { consultation: 33.33, medication: 50, lab: 0 },
};
const raised = (amountKobo: number): InvoiceEvent => ({
  type: 'InvoiceRaised',
  data: {
    invoiceId: 'i-1',
    hospitalId: 'h-1',
    patientId: 'p-1',
    patientName: 'Ada Obi',
    consultationId: null,
    doctor: null,
    lines: [
      {
        lineId: 'l1',
        kind: 'consultation',
        description: 'Fee',
        quantity: 1,
        unitPriceKobo: amountKobo,
        amountKobo,
        source: null,
        hmoKobo: Math.floor((amountKobo * 3333) / 10_000),
      },
    ],
    totalKobo: amountKobo,
    cover,
  },
});
const target = { invoiceId: 'i-1', hospitalId: 'h-1' };
const claimed: InvoiceEvent = {
  type: 'InvoiceClaimed',
  data: { invoiceId: 'i-1', claimId: 'c-1', claimNumber: 'CLM-000001', hmoId: 'hmo-1', amountKobo: 3333 },
};

describe('HMO split and claims on an invoice', () => {
  it('splits each line at the cover of its kind, rounding the HMO down and leaving the remainder kobo to the patient', () =>
    given(invoiceDecider)
      .when({
        type: 'RaiseInvoice',
        invoice: {
          ...(raised(10_001).data as Extract<InvoiceEvent, { type: 'InvoiceRaised' }>['data']),
          lines: [
            {
              lineId: 'l1',
              kind: 'consultation',
              description: 'Fee',
              quantity: 1,
              unitPriceKobo: 10_001,
              amountKobo: 10_001,
              source: null,
            },
          ],
        },
      })
      .then([raised(10_001)]));

  it("claims the HMO's unclaimed share once; the share in a claim is neither paid nor claimed again", () => {
    given(invoiceDecider, [raised(10_001)])
      .when({ type: 'ClaimInvoice', ...target, claimId: 'c-1', claimNumber: 'CLM-000001', hmoId: 'hmo-1' })
      .then([claimed]);
    given(invoiceDecider, [raised(10_001), claimed])
      .when({ type: 'ClaimInvoice', ...target, claimId: 'c-2', claimNumber: 'CLM-000002', hmoId: 'hmo-1' })
      .then([]);
    given(invoiceDecider, [raised(10_001), claimed])
      .when({
        type: 'RecordPayment',
        ...target,
        paymentId: 'p',
        amountKobo: 1,
        method: 'hmo',
        reference: null,
        receiptNumber: 'RCT-000001',
        idempotencyKey: null,
      })
      .thenThrows(ShareAlreadyPaid, "The HMO's share is already paid or claimed");
    given(invoiceDecider, [raised(10_001), claimed])
      .when({ type: 'VoidInvoice', ...target, reason: 'x' })
      .thenThrows(InvoiceInClaim, 'An invoice in a submitted HMO claim cannot be voided');
  });

  it('settles a claim item part-paid: the rejected part moves to the patient, once', () => {
    const settle = { type: 'SettleInvoiceClaim' as const, ...target, claimId: 'c-1', claimNumber: 'CLM-000001' };
    const settled: InvoiceEvent = {
      type: 'InvoiceClaimSettled',
      data: {
        invoiceId: 'i-1',
        claimId: 'c-1',
        claimNumber: 'CLM-000001',
        paidKobo: 3000,
        rejectedKobo: 333,
        reason: 'Tariff',
      },
    };
    given(invoiceDecider, [raised(10_001), claimed])
      .when({ ...settle, paidKobo: 3000, reason: 'Tariff' })
      .then([settled]);
    given(invoiceDecider, [raised(10_001), claimed, settled])
      .when({ ...settle, paidKobo: 3000, reason: 'Tariff' })
      .then([]);
  });

  it("reads the HMO's answer per item: unlisted items paid in full, a shortfall needs a reason", () => {
    const items = [
      {
        invoiceId: 'a',
        invoiceNumber: 'A',
        patientId: 'p',
        patientName: 'P',
        enrolleeNumber: 'E',
        invoiceDate: '2026-05-01',
        amountKobo: 500,
      },
      {
        invoiceId: 'b',
        invoiceNumber: 'B',
        patientId: 'p',
        patientName: 'P',
        enrolleeNumber: 'E',
        invoiceDate: '2026-05-01',
        amountKobo: 700,
      },
    ];
    expect(outcomesOf(items, [{ invoiceId: 'b', paidKobo: 900, reason: null }])).toEqual([
      { invoiceId: 'a', paidKobo: 500, rejectedKobo: 0, reason: null },
      { invoiceId: 'b', paidKobo: 700, rejectedKobo: 0, reason: null },
    ]);
    expect(() => outcomesOf(items, [{ invoiceId: 'a', paidKobo: 0, reason: null }])).toThrow(
      'A reason is required for a rejected or short-paid item',
    );
    expect(() => outcomesOf(items, [{ invoiceId: 'z', paidKobo: 0, reason: 'x' }])).toThrow(
      'Invoice is not in this claim',
    );
  });
});
