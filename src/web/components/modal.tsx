import type { ReactNode } from 'react';
import { Dialog, Heading, Modal as AriaModal, ModalOverlay } from 'react-aria-components';
import styles from './modal.module.css';

type ModalProps = {
  title: string;
  isOpen: boolean;
  onOpenChange?: (open: boolean) => void;
  /** A forced modal cannot be dismissed with Escape or an outside click. */
  isDismissable?: boolean;
  role?: 'dialog' | 'alertdialog';
  children: ReactNode;
};

/** An accessible modal dialog: focus is trapped inside and returned on close. */
export function Modal({ title, isOpen, onOpenChange, isDismissable = true, role = 'dialog', children }: ModalProps) {
  return (
    <ModalOverlay
      isOpen={isOpen}
      onOpenChange={onOpenChange}
      isDismissable={isDismissable}
      isKeyboardDismissDisabled={!isDismissable}
      className={styles.overlay}
    >
      <AriaModal className={styles.modal}>
        <Dialog role={role} className={styles.dialog} aria-label={title}>
          <Heading slot="title" className={styles.title}>
            {title}
          </Heading>
          {children}
        </Dialog>
      </AriaModal>
    </ModalOverlay>
  );
}

export function ModalActions({ children }: { children: ReactNode }) {
  return <div className={styles.actions}>{children}</div>;
}
