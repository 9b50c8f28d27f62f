import { useState } from 'react';
import { FlashBanner, useFlash } from '../../../components/banner';
import { Button } from '../../../components/button';
import { Modal, ModalActions } from '../../../components/modal';
import { deleteUser, type StaffUser } from '../api/users-api';
import { fullNameOf } from '../names';
import styles from './user-form.module.css';

type DeleteUserModalProps = {
  user: StaffUser | null;
  onClose: () => void;
  onDeleted: () => void;
};

/** Delete User confirmation (product-spec-1 §2). */
export function DeleteUserModal({ user, onClose, onDeleted }: DeleteUserModalProps) {
  const [deleting, setDeleting] = useState(false);
  const { flash, show, clear } = useFlash();

  const close = () => {
    clear();
    onClose();
  };

  async function confirm() {
    if (!user) return;
    setDeleting(true);
    clear();
    try {
      await deleteUser(user);
      onDeleted();
    } catch (e) {
      show('error', e instanceof Error ? e.message : 'Failed to delete user');
    } finally {
      setDeleting(false);
    }
  }

  return (
    <Modal title="Delete User" role="alertdialog" isOpen={!!user} onOpenChange={(open) => (open ? undefined : close())}>
      <FlashBanner flash={flash} onDismiss={clear} />
      <p className={styles.confirm}>
        Are you sure you want to delete <strong>{user ? fullNameOf(user) : ''}</strong>? They will no longer be able to
        sign in.
      </p>
      <ModalActions>
        <Button variant="secondary" onPress={close}>
          Cancel
        </Button>
        <Button variant="danger" onPress={confirm} isDisabled={deleting}>
          {deleting ? 'Deleting...' : 'Delete'}
        </Button>
      </ModalActions>
    </Modal>
  );
}
