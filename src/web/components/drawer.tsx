import type { ReactNode } from 'react';
import { Dialog, Heading, Modal, ModalOverlay } from 'react-aria-components';
import { Button } from './button';
import styles from './drawer.module.css';

type DrawerProps = {
  title: string;
  isOpen: boolean;
  onOpenChange: (open: boolean) => void;
  /** Kept in view at the bottom (e.g. Cancel and Save). */
  footer?: ReactNode;
  children: ReactNode;
};

/**
 * A panel that slides in from the right (full width on a phone): a modal dialog, so focus is
 * trapped inside, Escape or Close dismisses it, and focus returns to what opened it.
 */
export function Drawer({ title, isOpen, onOpenChange, footer, children }: DrawerProps) {
  return (
    <ModalOverlay isOpen={isOpen} onOpenChange={onOpenChange} isDismissable className={styles.overlay}>
      <Modal className={styles.drawer}>
        <Dialog className={styles.dialog} aria-label={title}>
          {({ close }) => (
            <>
              <div className={styles.header}>
                <Heading slot="title" className={styles.title}>
                  {title}
                </Heading>
                <Button variant="ghost" size="small" onPress={close} aria-label={`Close ${title}`}>
                  ✕
                </Button>
              </div>
              <div className={styles.body}>{children}</div>
              {footer ? <div className={styles.footer}>{footer}</div> : null}
            </>
          )}
        </Dialog>
      </Modal>
    </ModalOverlay>
  );
}
