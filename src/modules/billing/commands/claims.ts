import { randomUUID } from 'node:crypto';
import type { EventMetadata } from '../../../platform/event-store/port';
import { csvDocument } from '../../../platform/http/csv';
import type { Platform } from '../../../platform/platform';
import { koboToNairaText } from '../../../shared/money';
import { hospitalDate } from '../../../shared/hospital-calendar';
import { hospitalTimeZone } from '../../hospitals';
import { invoiceDecider } from '../decider';
import { ClaimNotFound, HmoNotFound, NothingToClaim } from '../errors';
import type { ClaimItem } from '../hmo-events';
import {
  claimCounterDecider,
  claimCounterStream,
  claimDecider,
  claimNumber,
  claimStream,
  outcomesOf,
} from '../hmo-deciders';
import { invoiceStream } from '../invoice';
import { BILLING_HMO } from '../read-models/hmo';
import { claimableInvoices, findClaim, findHmo, type ClaimView } from '../read-models/hmo-queries';
import { findInvoice } from '../read-models/invoice-queries';
import { BILLING_LEDGER } from '../read-models/ledger';

const WAIT = { waitFor: [{ name: BILLING_LEDGER }, { name: BILLING_HMO }] };

/**
 * Batches one HMO's unclaimed shares of a month's invoices into a claim numbered CLM-000001… per
 * hospital, in one commit with every invoice's InvoiceClaimed: a share is in one claim at most
 * (two claims at once conflict on the invoices and the second finds nothing left, or less).
 */
export async function submitClaim(platform: Platform, metadata: EventMetadata, hmoId: string, month: string) {
  const { hospitalId } = metadata;
  const hmo = await findHmo(platform.db, hospitalId, hmoId);
  if (!hmo) throw new HmoNotFound();
  const claimId = randomUUID();
  await platform.transact(
    metadata,
    async (uow) => {
      const candidates = await claimableInvoices(platform.db, hospitalId, hmoId, month);
      const timeZone = await hospitalTimeZone(platform.db, hospitalId);
      const counter = await uow.load(claimCounterDecider, claimCounterStream(hospitalId), { latestOnly: true });
      const number = claimNumber(counter.state.last + 1);
      const items: ClaimItem[] = [];
      for (const { invoice_id: invoiceId } of candidates) {
        const invoice = await uow.load(invoiceDecider, invoiceStream(invoiceId));
        const [claimed] = uow.decide(invoice, {
          type: 'ClaimInvoice',
          invoiceId,
          hospitalId,
          claimId,
          claimNumber: number,
          hmoId,
        });
        if (claimed?.type !== 'InvoiceClaimed' || invoice.state.status === 'none') continue;
        const row = await findInvoice(platform.db, hospitalId, invoiceId);
        items.push({
          invoiceId,
          invoiceNumber: row?.number ?? invoiceId,
          patientId: invoice.state.patientId,
          patientName: invoice.state.patientName,
          enrolleeNumber: invoice.state.cover?.enrolleeNumber ?? '',
          // The hospital's calendar day (its time zone), as the ledger's days: not the UTC date of the instant.
          invoiceDate: row ? hospitalDate(row.createdAt, timeZone) : month,
          amountKobo: claimed.data.amountKobo,
        });
      }
      if (items.length === 0) throw new NothingToClaim(hmo.name, month);
      uow.decide(counter, { type: 'IssueClaimNumber', hospitalId, claimId });
      const claim = await uow.load(claimDecider, claimStream(claimId), { isNew: true });
      uow.decide(claim, {
        type: 'SubmitClaim',
        claim: { claimId, hospitalId, claimNumber: number, hmoId, hmoName: hmo.name, month, items },
      });
    },
    { retries: 10, ...WAIT },
  );
  return (await findClaim(platform.db, hospitalId, claimId))!;
}

/**
 * The HMO's answer to a claim: per item what it paid (unlisted items in full), a reason for any
 * shortfall. Settles the invoices' HMO shares in the same commit; a rejected part becomes the
 * patient's to pay.
 */
export async function settleClaim(
  platform: Platform,
  metadata: EventMetadata,
  claimId: string,
  answers: { invoiceId: string; paidKobo: number; reason: string | null }[],
) {
  const { hospitalId } = metadata;
  await platform.transact(
    metadata,
    async (uow) => {
      const claim = await uow.load(claimDecider, claimStream(claimId));
      if (!claim.state || claim.state.hospitalId !== hospitalId) throw new ClaimNotFound();
      const { claimNumber: number, items } = claim.state;
      const outcomes = outcomesOf(items, answers);
      uow.decide(claim, { type: 'SettleClaim', hospitalId, outcomes });
      for (const o of outcomes) {
        const invoice = await uow.load(invoiceDecider, invoiceStream(o.invoiceId));
        uow.decide(invoice, {
          type: 'SettleInvoiceClaim',
          invoiceId: o.invoiceId,
          hospitalId,
          claimId,
          claimNumber: number,
          paidKobo: o.paidKobo,
          reason: o.reason,
        });
      }
    },
    WAIT,
  );
  return (await findClaim(platform.db, hospitalId, claimId))!;
}

/** The claim as the HMO receives it: one row per invoice, amounts in naira. */
export function claimCsv(claim: ClaimView): string {
  const header = [
    'claim_number',
    'hmo',
    'month',
    'invoice_number',
    'invoice_date',
    'patient_name',
    'enrollee_number',
    'amount_naira',
    'paid_naira',
    'rejected_naira',
    'reason',
  ];
  const rows = claim.items.map((i) => [
    claim.claimNumber,
    claim.hmoName,
    claim.month,
    i.invoiceNumber,
    i.invoiceDate,
    i.patientName,
    i.enrolleeNumber,
    koboToNairaText(i.amountKobo),
    i.paidKobo === null ? '' : koboToNairaText(i.paidKobo),
    i.rejectedKobo === null ? '' : koboToNairaText(i.rejectedKobo),
    i.reason ?? '',
  ]);
  return csvDocument(header, rows);
}
