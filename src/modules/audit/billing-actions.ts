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
    case 'InvoiceClaimed':
      return onInvoice(`Put ${amount(d.amountKobo)} of the invoice in HMO claim ${String(d.claimNumber)}`);
    case 'InvoiceClaimSettled':
      return onInvoice(
        `Settled the invoice's item of claim ${String(d.claimNumber)}: ${amount(d.paidKobo)} paid, ${amount(d.rejectedKobo)} rejected`,
      );
    case 'HmoProviderSaved':
      return {
        action: `Saved HMO ${String(d.name)} (${String(d.code)})`,
        subjectType: 'hmo',
        subjectId: String(d.hmoId),
      };
    case 'PatientHmoEnrolled':
      return {
        action: `Enrolled ${String(d.patientName)} with ${String(d.hmoName)} (enrollee ${String(d.enrolleeNumber)})`,
        subjectType: 'patient',
        subjectId: String(d.patientId),
      };
    case 'PatientHmoEnrollmentEnded':
      return {
        action: `Ended the HMO enrollment of ${String(d.patientName)}`,
        subjectType: 'patient',
        subjectId: String(d.patientId),
      };
    case 'ClaimSubmitted':
      return {
        action: `Submitted claim ${String(d.claimNumber)} of ${amount(d.totalKobo)} to ${String(d.hmoName)} for ${String(d.month)}`,
        subjectType: 'claim',
        subjectId: String(d.claimId),
      };
    case 'ClaimSettled':
      return {
        action: `Settled claim ${String(d.claimNumber)}: ${amount(d.paidKobo)} paid, ${amount(d.rejectedKobo)} rejected`,
        subjectType: 'claim',
        subjectId: String(d.claimId),
      };
    case 'InvoiceLineRepriced':
      return onInvoice(
        `Priced ${String(d.description)} on the invoice of ${String(d.patientName)} from ${amount(d.fromUnitPriceKobo)} to ${amount(d.unitPriceKobo)} each`,
      );
    case 'PriceSet': {
      const what = d.kind === 'lab' ? 'lab test' : String(d.kind);
      const from = d.fromKobo === null || d.fromKobo === undefined ? 'no price' : amount(d.fromKobo);
      return {
        action: `Changed the price of ${String(d.name)} (${what}) from ${from} to ${amount(d.toKobo)}`,
        subjectType: 'price list',
        subjectId: String(d.hospitalId),
      };
    }
    case 'PriceListUpdated':
      return { action: 'Updated the price list', subjectType: 'price list', subjectId: String(d.hospitalId) };
    default:
      return null;
  }
}
