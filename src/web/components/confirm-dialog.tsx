import { useState, type ReactNode } from 'react';
import { Banner } from './banner';
import { Button } from './button';
import { Modal, ModalActions } from './modal';

type ConfirmDialogProps = {
  title: string;
  isOpen: boolean;
  /** The question, e.g. 'Are you sure you want to delete this patient?'. */
  children: ReactNode;
  confirmLabel: string;
  busyLabel: string;
  onClose: () => void;
  /** Runs the action; a rejection's message is shown in the dialog, which stays open. */
  onConfirm: () => Promise<void>;
};

/** A destructive action's confirmation, as an alert dialog with Cancel focused first by order. */
export function ConfirmDialog(props: ConfirmDialogProps) {
  const { title, isOpen, children, confirmLabel, busyLabel, onClose, onConfirm } = props;
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const close = () => {
    setError(null);
    onClose();
  };

  async function confirm() {
    setBusy(true);
    setError(null);
    try {
      await onConfirm();
    } catch (e) {
      setError(e instanceof Error ? e.message : String(e));
    } finally {
      setBusy(false);
    }
  }

  return (
    <Modal title={title} role="alertdialog" isOpen={isOpen} onOpenChange={(open) => (open ? undefined : close())}>
      {error ? <Banner tone="error">{error}</Banner> : null}
      {children}
      <ModalActions>
        <Button variant="secondary" onPress={close}>
          Cancel
        </Button>
        <Button variant="danger" onPress={confirm} isDisabled={busy}>
          {busy ? busyLabel : confirmLabel}
        </Button>
      </ModalActions>
    </Modal>
  );
}
