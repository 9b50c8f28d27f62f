import { useState } from 'react';
import { Button } from '../../../components/button';
import { Modal, ModalActions } from '../../../components/modal';
import { TextField } from '../../../components/text-field';
import { voidInvoice } from '../api/invoices-api';
import type { InvoiceDetail } from '../api/billing-schemas';
import styles from './billing.module.css';

type Props = { invoice: InvoiceDetail; isOpen: boolean; onClose: () => void; onVoided: () => void };

/** Void an invoice with a reason: it stays on record, marked void, never deleted. */
export function VoidInvoiceDialog({ invoice, isOpen, onClose, onVoided }: Props) {
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const submit = async () => {
    if (!reason.trim()) return setError('Reason is required');
    setSaving(true);
    try {
      await voidInvoice(invoice.id, reason.trim());
      setReason('');
      onVoided();
    } catch (e) {
      setError(e instanceof Error ? e.message : 'Failed to void invoice');
    } finally {
      setSaving(false);
    }
  };
  return (
    <Modal title="Void Invoice" role="alertdialog" isOpen={isOpen} onOpenChange={(open) => !open && onClose()}>
      <form
        className={styles.form}
        onSubmit={(e) => {
          e.preventDefault();
          void submit();
        }}
      >
        <p className={styles.muted}>
          {invoice.number} for {invoice.patientName} will be marked void. It stays on record with the reason.
        </p>
        <TextField label="Reason" value={reason} onChange={setReason} error={error} autoFocus />
        <ModalActions>
          <Button variant="secondary" onPress={onClose}>
            Cancel
          </Button>
          <Button type="submit" variant="danger" isDisabled={saving}>
            Void Invoice
          </Button>
        </ModalActions>
      </form>
    </Modal>
  );
}
