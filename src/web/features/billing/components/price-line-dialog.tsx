import { useState } from 'react';
import { Button } from '../../../components/button';
import { Modal, ModalActions } from '../../../components/modal';
import { TextField } from '../../../components/text-field';
import { formatNaira } from '../../../../shared/money';
import type { InvoiceDetail } from '../api/billing-schemas';
import { priceInvoiceLine } from '../api/prices-api';
import styles from './billing.module.css';

type Line = InvoiceDetail['lines'][number];
type Props = {
  invoice: InvoiceDetail;
  line: Line | null;
  onClose: () => void;
  onPriced: (invoice: InvoiceDetail) => void;
};

/** How many lines of the invoice are at ₦0: the accountant is told, and may price each one. */
export const unpricedLines = (invoice: InvoiceDetail) =>
  invoice.status === 'void' ? [] : invoice.lines.filter((l) => l.unitPriceKobo === 0);

export function unpricedWarning(count: number): string {
  return count === 1 ? '1 line has no price' : `${count} lines have no price`;
}

/**
 * Price a ₦0 line (issue 34 §1): its unit price in naira; the invoice's total and balance follow.
 * A line with a price is never changed here (the server refuses it).
 */
export function PriceLineDialog({ invoice, line, onClose, onPriced }: Props) {
  const [price, setPrice] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const submit = async () => {
    if (!line) return;
    if (!price.trim()) return setError('Price is required');
    setSaving(true);
    setError(null);
    try {
      const priced = await priceInvoiceLine(invoice.id, line.lineId, price.trim());
      setPrice('');
      onPriced(priced);
    } catch (e) {
      setError(e instanceof Error ? e.message : 'Failed to price the line');
    } finally {
      setSaving(false);
    }
  };
  return (
    <Modal title="Price Line" isOpen={line !== null} onOpenChange={(open) => !open && onClose()}>
      <form
        className={styles.form}
        onSubmit={(e) => {
          e.preventDefault();
          void submit();
        }}
      >
        <p className={styles.muted}>
          {line?.description} × {line?.quantity} on {invoice.number} is at {formatNaira(0)}. The total and balance
          follow the price you set; it is recorded in the audit log.
        </p>
        <TextField
          label="Unit price (₦)"
          value={price}
          onChange={setPrice}
          error={error}
          inputMode="decimal"
          autoFocus
        />
        <ModalActions>
          <Button variant="secondary" onPress={onClose}>
            Cancel
          </Button>
          <Button type="submit" isDisabled={saving}>
            Save Price
          </Button>
        </ModalActions>
      </form>
    </Modal>
  );
}
