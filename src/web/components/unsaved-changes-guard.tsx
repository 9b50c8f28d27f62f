import { useEffect } from 'react';
import { useBlocker } from 'react-router-dom';
import { Button } from './button';
import { Modal, ModalActions } from './modal';

export const UNSAVED_TITLE = 'Unsaved changes';
export const UNSAVED_TEXT = 'You have unsaved changes. Leave this page and lose them?';

/**
 * Asks before leaving a page with unsaved changes: in-app navigation through react-router's
 * blocker (Stay or Leave), and closing or reloading the tab through the browser's own prompt.
 */
export function UnsavedChangesGuard({ when }: { when: boolean }) {
  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) => when && currentLocation.pathname !== nextLocation.pathname,
  );
  useEffect(() => {
    if (!when) return;
    const warn = (e: BeforeUnloadEvent) => e.preventDefault();
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [when]);
  const open = blocker.state === 'blocked';
  return (
    <Modal title={UNSAVED_TITLE} isOpen={open} isDismissable={false} role="alertdialog">
      <p>{UNSAVED_TEXT}</p>
      <ModalActions>
        <Button variant="secondary" onPress={() => blocker.reset?.()} autoFocus>
          Stay
        </Button>
        <Button onPress={() => blocker.proceed?.()}>Leave</Button>
      </ModalActions>
    </Modal>
  );
}
