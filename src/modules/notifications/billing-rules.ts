import { formatNaira } from '../../shared/money';
import type { BillingEvent } from '../billing';
import { by, defineRules } from './draft';

const METHOD_LABELS: Record<string, string> = { cash: 'cash', pos: 'POS', transfer: 'bank transfer', hmo: 'HMO' };

/** Billing's server messages for the accountant's channel (product-spec-1 §6: billing, finance, payments). */
export const BILLING_RULES = defineRules<BillingEvent>({
  InvoiceRaised: async (e) => {
    const d = e.data;
    const message = `New invoice for ${d.patientName}: ${formatNaira(d.totalKobo)}`;
    const invoice = {
      id: d.invoiceId,
      patientId: d.patientId,
      patientName: d.patientName,
      consultationId: d.consultationId,
      totalKobo: d.totalKobo,
    };
    return [
      {
        type: 'invoice_created',
        title: 'Invoice Created',
        message,
        priority: 'normal',
        data: { invoice, createdBy: by(e), message },
      },
    ];
  },
  PaymentRecorded: async (e) => {
    const d = e.data;
    const message = `${formatNaira(d.amountKobo)} received from ${d.patientName} by ${METHOD_LABELS[d.method]} (${d.receiptNumber})`;
    const payment = {
      id: d.paymentId,
      invoiceId: d.invoiceId,
      patientId: d.patientId,
      patientName: d.patientName,
      amountKobo: d.amountKobo,
      method: d.method,
      receiptNumber: d.receiptNumber,
    };
    return [
      {
        type: 'payment_received',
        title: 'Payment Received',
        message,
        priority: 'normal',
        data: { payment, receivedBy: by(e), message },
      },
    ];
  },
});
