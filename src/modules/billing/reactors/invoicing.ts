import { createHash } from 'node:crypto';
import type { EventMetadata } from '../../../platform/event-store/port';
import type { Platform } from '../../../platform/platform';
import { defineReactor, type FeedConsumerRef, type Reactor } from '../../../platform/projections/projection';
import { consultationInvoiceId, type ConsultationRecorded, type PrescriptionDispensed } from '../../consultations';
import type { LabResultsRecorded } from '../../laboratory';
import { raiseInvoice, toLine } from '../commands/invoices';
import { invoiceDecider } from '../decider';
import { InvoiceIsVoid, InvoiceNotFound } from '../errors';
import type { InvoiceLine } from '../events';
import { invoiceStream } from '../invoice';
import { listPrice } from '../read-models/prices';

export const BILLING_INVOICING: FeedConsumerRef = { name: 'billing-invoicing' };

/** A UUID-shaped id that a key always gives, so a replayed reaction finds the invoice it made. */
export function idFromKey(key: string): string {
  const h = createHash('sha256').update(key).digest('hex');
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-${h.slice(12, 16)}-${h.slice(16, 20)}-${h.slice(20, 32)}`;
}

type Charge = {
  consultationId: string;
  patientId: string;
  patientName: string;
  doctor: { id: string; name: string };
  lines: InvoiceLine[];
  /** Names the separate invoice these lines get when the consultation's invoice is void or missing. */
  followOnKey: string;
};

/**
 * Adds lines to the consultation's invoice (consultationInvoiceId). Lines already on it
 * (same source) are skipped, so a replay adds nothing. When that invoice was voided, or never
 * raised (a consultation from before billing), the lines get an invoice of their own.
 */
async function charge(platform: Platform, metadata: EventMetadata, c: Charge) {
  try {
    await platform.transact(metadata, async (uow) => {
      const invoiceId = consultationInvoiceId(c.consultationId);
      const invoice = await uow.load(invoiceDecider, invoiceStream(invoiceId));
      uow.decide(invoice, {
        type: 'AddInvoiceLines',
        invoiceId,
        hospitalId: metadata.hospitalId,
        lines: c.lines,
      });
    });
  } catch (e) {
    if (!(e instanceof InvoiceIsVoid) && !(e instanceof InvoiceNotFound)) throw e;
    await raiseInvoice(platform, metadata, {
      invoiceId: idFromKey(c.followOnKey),
      hospitalId: metadata.hospitalId,
      patientId: c.patientId,
      patientName: c.patientName,
      consultationId: c.consultationId,
      doctor: c.doctor,
      lines: c.lines,
      totalKobo: 0,
    });
  }
}

/** A list-priced line; without a list price it is still listed, at ₦0, for the accountant to see. */
async function pricedLine(
  platform: Platform,
  hospitalId: string,
  item: { kind: 'medication' | 'lab'; key: string; description: string; quantity: number; source: string },
) {
  const price = await listPrice(platform.db, hospitalId, item.kind, item.key);
  const description = price === null ? `${item.description} (no list price)` : item.description;
  return toLine({ kind: item.kind, description, quantity: item.quantity, unitPriceKobo: price ?? 0 }, item.source);
}

/**
 * Billing follows the clinic: a saved consultation raises its invoice (fee plus additional
 * charges, product-spec-2 §3), dispensed medications and completed lab tests add lines at the
 * price list's prices. Idempotent: every line carries its source and is added once. It starts at
 * the feed's head the first time it runs, so a database with clinical history from before billing
 * gets no invoices for it (issue 24); on a new database that is the start of the feed.
 */
export function invoicingReactor(platform: Platform): Reactor {
  return defineReactor<ConsultationRecorded | PrescriptionDispensed | LabResultsRecorded>({
    name: BILLING_INVOICING.name,
    handles: ['ConsultationRecorded', 'PrescriptionDispensed', 'LabResultsRecorded'],
    firstStart: 'feed-head',
    react: async (event) => {
      const metadata = { ...event.metadata, causationId: event.id, occurredAt: new Date().toISOString() };
      const { hospitalId } = event.metadata;
      if (event.type === 'ConsultationRecorded') {
        const d = event.data;
        const source = `consultation:${d.consultationId}`;
        const fee = toLine(
          {
            kind: 'consultation',
            description: 'Consultation fee',
            quantity: 1,
            unitPriceKobo: d.billing.consultationFeeKobo,
          },
          source,
        );
        const charges = d.billing.additionalCharges.map((c, i) =>
          toLine(
            {
              kind: 'charge',
              description: c.description ?? 'Additional charge',
              quantity: 1,
              unitPriceKobo: c.amountKobo,
            },
            `${source}:charge:${i}`,
          ),
        );
        await raiseInvoice(platform, metadata, {
          invoiceId: consultationInvoiceId(d.consultationId),
          hospitalId: d.hospitalId,
          patientId: d.patientId,
          patientName: d.patientName,
          consultationId: d.consultationId,
          doctor: d.doctor,
          lines: [fee, ...charges],
          totalKobo: 0,
        });
        return;
      }
      if (event.type === 'PrescriptionDispensed') {
        const d = event.data;
        const lines = [];
        for (const item of d.items) {
          lines.push(
            await pricedLine(platform, hospitalId, {
              kind: 'medication',
              key: item.medicationName,
              description: item.medicationName,
              quantity: item.quantity,
              source: `dispense:${d.consultationId}:${item.index}`,
            }),
          );
        }
        await charge(platform, metadata, { ...d, doctor: d.prescribedBy, lines, followOnKey: `dispense:${event.id}` });
        return;
      }
      const d = event.data;
      const line = await pricedLine(platform, hospitalId, {
        kind: 'lab',
        key: d.testCode,
        description: d.testName,
        quantity: 1,
        source: `lab:${d.labRequestId}`,
      });
      await charge(platform, metadata, {
        ...d,
        doctor: d.orderedBy,
        lines: [line],
        followOnKey: `lab:${d.labRequestId}`,
      });
    },
  });
}
