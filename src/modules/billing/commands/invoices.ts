import { randomUUID } from 'node:crypto';
import type { EventMetadata } from '../../../platform/event-store/port';
import type { Platform } from '../../../platform/platform';
import { findPatient, PatientNotFound } from '../../patients';
import { invoiceDecider, type InvoiceCommand } from '../decider';
import { InvoiceNotFound } from '../errors';
import type { InvoiceLine, InvoiceRaised, LineKind } from '../events';
import { invoiceStream } from '../invoice';
import { BILLING_LEDGER } from '../read-models/ledger';
import { coverFor } from '../read-models/hmo-queries';
import { findInvoice } from '../read-models/invoice-queries';

const WAIT = { waitFor: [{ name: BILLING_LEDGER }] };

export type LineInput = { kind: LineKind; description: string; quantity: number; unitPriceKobo: number };

export function toLine(input: LineInput, source: string | null = null): InvoiceLine {
  return { lineId: randomUUID(), ...input, amountKobo: input.quantity * input.unitPriceKobo, source };
}

/**
 * Raises an invoice, split with the patient's HMO when they are enrolled with an active one;
 * false when one with that id exists already (a reaction replayed).
 */
export async function raiseInvoice(platform: Platform, metadata: EventMetadata, raised: InvoiceRaised['data']) {
  const invoice = { ...raised, cover: await coverFor(platform.db, raised.hospitalId, raised.patientId) };
  const { events } = await platform.transact(metadata, async (uow) => {
    const loaded = await uow.load(invoiceDecider, invoiceStream(invoice.invoiceId));
    if (loaded.state.status !== 'none') return;
    uow.decide(loaded, { type: 'RaiseInvoice', invoice });
  });
  return events.length > 0;
}

/** One command on one invoice of the caller's hospital; answers the invoice as it now reads. */
export async function onInvoice(
  platform: Platform,
  metadata: EventMetadata,
  command: InvoiceCommand & { invoiceId: string },
) {
  await platform.transact(
    metadata,
    async (uow) => uow.decide(await uow.load(invoiceDecider, invoiceStream(command.invoiceId)), command),
    WAIT,
  );
  const invoice = await findInvoice(platform.db, metadata.hospitalId, command.invoiceId);
  if (!invoice) throw new InvoiceNotFound();
  return invoice;
}

/** An invoice made by hand at the desk, for a patient of the hospital. */
export async function raiseManualInvoice(
  platform: Platform,
  metadata: EventMetadata,
  body: { patientId: string; lines: LineInput[] },
) {
  const patient = await findPatient(platform.db, metadata.hospitalId, body.patientId, new Date());
  if (!patient) throw new PatientNotFound();
  const invoiceId = randomUUID();
  const lines = body.lines.map((l) => toLine(l));
  const cover = await coverFor(platform.db, metadata.hospitalId, patient.id);
  await platform.transact(
    metadata,
    async (uow) => {
      const loaded = await uow.load(invoiceDecider, invoiceStream(invoiceId), { isNew: true });
      uow.decide(loaded, {
        type: 'RaiseInvoice',
        invoice: {
          invoiceId,
          hospitalId: metadata.hospitalId,
          patientId: patient.id,
          patientName: patient.name,
          consultationId: null,
          doctor: null,
          lines,
          totalKobo: 0,
          cover,
        },
      });
    },
    WAIT,
  );
  return (await findInvoice(platform.db, metadata.hospitalId, invoiceId))!;
}

export const voidInvoice = (platform: Platform, metadata: EventMetadata, invoiceId: string, reason: string) =>
  onInvoice(platform, metadata, { type: 'VoidInvoice', invoiceId, hospitalId: metadata.hospitalId, reason });
