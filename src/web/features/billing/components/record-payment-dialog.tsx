import { useState } from 'react';
import { Button } from '../../../components/button';
import { Modal, ModalActions } from '../../../components/modal';
import { SelectField } from '../../../components/select-field';
import { TextField } from '../../../components/text-field';
import { ApiError } from '../../../lib/api-client';
import { formatNaira, koboToNairaText, nairaToKobo } from '../../../../shared/money';
import { recordPayment } from '../api/invoices-api';
import { PAYMENT_METHOD_LABELS, type InvoiceDetail, type Payment } from '../api/billing-schemas';
import styles from './billing.module.css';

const METHODS = Object.entries(PAYMENT_METHOD_LABELS).map(([id, label]) => ({ id, label }));

/** A fresh Idempotency-Key for one payment being recorded (kept across retries of that payment). */
export function newPaymentKey(): string {
  return globalThis.crypto?.randomUUID?.() ?? `${Date.now().toString(36)}-${Math.random().toString(36).slice(2)}`;
}

export type PayerBalance = { payer: 'hmo' | 'patient' | null; kobo: number; overMessage: string; paidMessage: string };

/**
 * What a payment by `method` may pay, as the server checks it: on an HMO-covered invoice an HMO
 * payment pays the HMO's share (less what is in a submitted claim), any other method the
 * patient's share; without cover, the whole balance.
 */
export function payerBalance(invoice: InvoiceDetail, method: string): PayerBalance {
  if (!invoice.hmo) {
    const kobo = invoice.balanceKobo;
    return { payer: null, kobo, overMessage: `The balance is ${formatNaira(kobo)}`, paidMessage: '' };
  }
  if (method === 'hmo') {
    const kobo = Math.max(0, (invoice.hmoBalanceKobo ?? 0) - (invoice.hmoPendingKobo ?? 0));
    return {
      payer: 'hmo',
      kobo,
      overMessage: `The HMO's balance is ${formatNaira(kobo)}`,
      paidMessage: "The HMO's share is already paid or claimed",
    };
  }
  const kobo = invoice.patientBalanceKobo ?? invoice.balanceKobo;
  return {
    payer: 'patient',
    kobo,
    overMessage: `The patient's balance is ${formatNaira(kobo)}`,
    paidMessage: "The patient's share is already paid",
  };
}

type Props = { invoice: InvoiceDetail; isOpen: boolean; onClose: () => void; onPaid: (payment: Payment) => void };

/**
 * Record Payment: amount (the chosen payer's balance until the user types one), method and
 * reference; more than that payer's balance is refused here and by the server.
 */
export function RecordPaymentDialog(props: Props) {
  return props.isOpen ? <PaymentForm {...props} /> : null;
}

function PaymentForm({ invoice, onClose, onPaid }: Props) {
  // A covered invoice whose co-pay is settled is left for the HMO: start on its share.
  const [method, setMethod] = useState(() => (invoice.hmo && invoice.patientBalanceKobo === 0 ? 'hmo' : 'cash'));
  const balance = payerBalance(invoice, method);
  const [typed, setTyped] = useState<string | null>(null);
  const amount = typed ?? koboToNairaText(balance.kobo);
  const [reference, setReference] = useState('');
  const [key] = useState(newPaymentKey);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);

  const submit = async () => {
    const kobo = nairaToKobo(amount);
    if (balance.payer && balance.kobo === 0) return setErrors({ amount: balance.paidMessage });
    if (kobo === null || kobo === 0) return setErrors({ amount: 'Enter an amount in naira, e.g. 2500 or 2500.50' });
    if (kobo > balance.kobo) return setErrors({ amount: balance.overMessage });
    setErrors({});
    setFailure(null);
    setSaving(true);
    try {
      const { payment } = await recordPayment(invoice.id, { amount, method, reference }, key);
      onPaid(payment);
    } catch (e) {
      if (e instanceof ApiError && e.errors.length)
        setErrors(Object.fromEntries(e.errors.map((x) => [x.field, x.message])));
      setFailure(e instanceof Error ? e.message : 'Failed to record payment');
    } finally {
      setSaving(false);
    }
  };

  return (
    <Modal title="Record Payment" isOpen onOpenChange={(open) => !open && onClose()}>
      <form
        className={styles.form}
        onSubmit={(e) => {
          e.preventDefault();
          void submit();
        }}
      >
        <p className={styles.muted}>
          {invoice.number} · {invoice.patientName} · balance <strong>{formatNaira(invoice.balanceKobo)}</strong>
        </p>
        {balance.payer ? (
          <p className={styles.muted} aria-live="polite">
            {balance.payer === 'hmo'
              ? `Paid by ${invoice.hmo?.name}: its share's balance `
              : "Paid by the patient: the co-pay's balance "}
            <strong>{formatNaira(balance.kobo)}</strong>
          </p>
        ) : null}
        <TextField
          label="Amount (₦)"
          inputMode="decimal"
          value={amount}
          onChange={setTyped}
          error={errors.amount}
          autoFocus
        />
        <SelectField
          label="Payment method"
          options={METHODS}
          value={method}
          onChange={setMethod}
          error={errors.method}
        />
        <TextField
          label="Reference"
          description="POS slip, transfer reference or HMO authorisation (optional)"
          value={reference}
          onChange={setReference}
          error={errors.reference}
        />
        {failure ? (
          <p role="alert" className={styles.error}>
            {failure}
          </p>
        ) : null}
        <ModalActions>
          <Button variant="secondary" onPress={onClose}>
            Cancel
          </Button>
          <Button type="submit" isDisabled={saving}>
            {saving ? 'Recording…' : 'Record Payment'}
          </Button>
        </ModalActions>
      </form>
    </Modal>
  );
}
