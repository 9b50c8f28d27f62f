import type { DomainEvent } from '../../platform/event-store/port';
import { formatNaira } from '../../shared/money';

/** The trail's sentences for billing's events (issue 12); null for any other event. */
type Data = Record<string, unknown>;
const METHOD_LABELS: Record<string, string> = { cash: 'cash', pos: 'POS', transfer: 'bank transfer', hmo: 'HMO' };

export function describeBilling(event: DomainEvent): { action: string; subjectType: string; subjectId: string } | null {
  const d = event.data as Data;
  const amount = (v: unknown) => formatNaira(typeof v === 'number' ? v : 0);
  const onInvoice = (action: string) => ({ action, subjectType: 'invoice', subjectId: String(d.invoiceId) });
  switch (event.type) {
    case 'InvoiceRaised':
      return onInvoice(`Raised an invoice of ${amount(d.totalKobo)} for ${String(d.patientName)}`);
    case 'InvoiceLinesAdded': {
      const lines = (d.lines as { description: string }[]).map((l) => l.description).join(', ');
      return onInvoice(`Added ${lines} to the invoice of ${String(d.patientName)}`);
    }
    case 'PaymentRecorded':
      return onInvoice(
        `Recorded a payment of ${amount(d.amountKobo)} by ${METHOD_LABELS[String(d.method)] ?? String(d.method)} from ${String(d.patientName)} (${String(d.receiptNumber)})`,
      );
    case 'InvoiceVoided':
      return onInvoice(`Voided the invoice of ${String(d.patientName)}: ${String(d.reason)}`);
    case 'PriceListUpdated':
      return { action: 'Updated the price list', subjectType: 'price list', subjectId: String(d.hospitalId) };
    default:
      return null;
  }
}
