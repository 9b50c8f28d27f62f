import { useAtomValue } from 'jotai';
import { useState, type ReactNode } from 'react';
import { Button, Dialog, Modal, ModalOverlay } from 'react-aria-components';
import { useLocation } from 'react-router-dom';
import { AriaRouter } from '../../components/aria-router';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { OfflineBanner } from '../../components/offline-banner';
import { OfflineConflicts } from '../../components/offline-conflicts';
import { PendingBar } from '../../components/pending-bar';
import { offlineSnapshot } from '../../lib/offline/offline-queue';
import { useLogout } from '../../lib/auth-actions';
import { initialsOf } from '../../lib/roles';
import { sessionAtom } from '../../lib/session';
import { AppHeader } from './components/app-header';
import { CloseIcon } from './components/icons';
import { Sidebar } from './components/sidebar';
import { menuFor, roleIdOf } from './menus';
import styles from './app-shell.module.css';

/**
 * The page shell (product-spec-1 §2): the role's sidebar (a slide-in drawer on small screens), the header,
 * and the page. react-aria links inside it navigate through the app router, not by reloading the page.
 */
export default function AppShell({ children }: { children: ReactNode }) {
  return (
    <AriaRouter>
      <ShellLayout>{children}</ShellLayout>
    </AriaRouter>
  );
}

function ShellLayout({ children }: { children: ReactNode }) {
  const session = useAtomValue(sessionAtom);
  const { pathname } = useLocation();
  const logout = useLogout();
  const [drawerOpen, setDrawerOpen] = useState(false);
  const [confirmingLogout, setConfirmingLogout] = useState(false);

  const user = session.status === 'signed-in' ? session.user : null;
  const area = session.status === 'signed-in' ? session.kind : pathname.startsWith('/admin') ? 'admin' : 'user';
  const items = menuFor(user ? roleIdOf(user) : area === 'admin' ? 0 : 1, user);
  const person = user
    ? {
        name: user.name,
        email: user.email,
        initials: user.initials || initialsOf(user.name),
        firstName: user.firstName,
      }
    : null;
  const onLogout = () => {
    setDrawerOpen(false);
    // Work kept on this device waits, sealed, for this person's next sign-in here: say so first (issue 25).
    if (offlineSnapshot().count > 0) setConfirmingLogout(true);
    else void logout();
  };
  const pending = offlineSnapshot().count;
  const sidebar = (onNavigate?: () => void) => (
    <Sidebar
      items={items}
      pathname={pathname}
      hospitalName={user?.hospital?.name ?? null}
      onLogout={onLogout}
      onNavigate={onNavigate}
    />
  );

  return (
    <div className={styles.shell}>
      <PendingBar />
      <aside className={styles.aside}>
        <div className={styles.asideInner}>{sidebar()}</div>
      </aside>
      <ModalOverlay isOpen={drawerOpen} onOpenChange={setDrawerOpen} isDismissable className={styles.overlay}>
        <Modal className={styles.drawer}>
          <Dialog aria-label="Menu" className={styles.drawerDialog}>
            <Button className={styles.close} aria-label="Close menu" onPress={() => setDrawerOpen(false)}>
              <CloseIcon />
            </Button>
            {sidebar(() => setDrawerOpen(false))}
          </Dialog>
        </Modal>
      </ModalOverlay>
      <div className={styles.main}>
        <AppHeader person={person} area={area} onOpenMenu={() => setDrawerOpen(true)} />
        <main className={styles.content}>
          <OfflineBanner />
          <OfflineConflicts />
          {children}
        </main>
      </div>
      <ConfirmDialog
        title="Sign out with changes not sent?"
        isOpen={confirmingLogout}
        confirmLabel="Sign out anyway"
        busyLabel="Signing out..."
        onClose={() => setConfirmingLogout(false)}
        onConfirm={async () => {
          setConfirmingLogout(false);
          await logout();
        }}
      >
        {pending} change{pending === 1 ? '' : 's'} made on this device {pending === 1 ? 'has' : 'have'} not reached the
        server yet. {pending === 1 ? 'It stays' : 'They stay'} here, locked, and {pending === 1 ? 'is' : 'are'} sent
        when you sign in again on this device.
      </ConfirmDialog>
    </div>
  );
}
