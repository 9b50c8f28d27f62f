import { useAtomValue } from 'jotai';
import { useEffect, useState } from 'react';
import { Button } from '../components/button';
import { Modal } from '../components/modal';
import { useLogout } from '../lib/auth-actions';
import { sessionAtom } from '../lib/session';
import { FORCED_MODAL_DELAY_MS } from './change-password';
import { ChangePasswordForm } from './change-password-form';
import styles from './change-password-modal.module.css';

/**
 * The forced first-login Change Password modal (product-spec-1 §2, product-spec-2 §4): it opens
 * while the session says the password must change (the server's flag: a temporary password, or an
 * admin's first login) and cannot be dismissed; Logout is the only other way out. RequireSession
 * shows it alone, before the screen behind it: nothing else can be opened, nothing is requested.
 */
export function ChangePasswordModal({ delayMs = FORCED_MODAL_DELAY_MS }: { delayMs?: number }) {
  const session = useAtomValue(sessionAtom);
  const due = session.status === 'signed-in' && session.user.mustChangePassword;
  const [open, setOpen] = useState(false);
  const logout = useLogout();

  useEffect(() => {
    if (!due) return setOpen(false);
    const timer = window.setTimeout(() => setOpen(true), delayMs);
    return () => window.clearTimeout(timer);
  }, [due, delayMs]);

  if (session.status !== 'signed-in') return null;

  return (
    <Modal title="Change Password" isOpen={open && due} isDismissable={false}>
      <p className={styles.intro}>For your security, please change your password before you continue.</p>
      <ChangePasswordForm
        kind={session.kind}
        user={session.user}
        secondary={(saving) => (
          <Button variant="secondary" onPress={() => void logout()} isDisabled={saving}>
            Logout
          </Button>
        )}
      />
    </Modal>
  );
}
