import { useAtom } from 'jotai';
import { useEffect, useState, type FormEvent } from 'react';
import { Form } from 'react-aria-components';
import { toast } from 'react-toastify';
import { Button } from '../components/button';
import { Modal, ModalActions } from '../components/modal';
import { PasswordField } from '../components/password-field';
import { ApiError } from '../lib/api-client';
import { useLogout } from '../lib/auth-actions';
import { sameNames, useFormErrors } from '../lib/field-errors';
import { markPasswordChanged } from '../lib/password-change-flags';
import { sessionAtom } from '../lib/session';
import {
  CHANGE_ERROR,
  CHANGE_FAILED,
  changePassword,
  changePasswordError,
  FORCED_MODAL_DELAY_MS,
  PASSWORD_CHANGED,
  type PasswordChange,
} from './change-password';
import styles from './change-password-modal.module.css';

const FIELDS = ['currentPassword', 'newPassword', 'confirmPassword'] as const;

/**
 * The forced first-login Change Password modal (product-spec-1 §2, product-spec-2 §4): it opens
 * about 2 s after a signed-in screen loads while the session says the password must change, and
 * cannot be dismissed; Logout is the only other way out.
 */
export function ChangePasswordModal({ delayMs = FORCED_MODAL_DELAY_MS }: { delayMs?: number }) {
  const [session, setSession] = useAtom(sessionAtom);
  const due = session.status === 'signed-in' && session.user.mustChangePassword;
  const [open, setOpen] = useState(false);
  const logout = useLogout();
  const [values, setValues] = useState<PasswordChange>({ currentPassword: '', newPassword: '', confirmPassword: '' });
  const { errors, failure, setFailure, clearField, reset, fail } = useFormErrors(sameNames(FIELDS));
  const [saving, setSaving] = useState(false);

  useEffect(() => {
    if (!due) return setOpen(false);
    const timer = window.setTimeout(() => setOpen(true), delayMs);
    return () => window.clearTimeout(timer);
  }, [due, delayMs]);

  if (session.status !== 'signed-in') return null;

  const set = (field: keyof PasswordChange) => (value: string) => {
    setValues((v) => ({ ...v, [field]: value }));
    clearField(field);
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const problem = changePasswordError(values);
    reset();
    if (problem) return setFailure(problem);
    setSaving(true);
    try {
      await changePassword(session.kind, values);
      const userId = session.user.id;
      markPasswordChanged(userId);
      setSession((s) =>
        s.status === 'signed-in' && s.user.id === userId ? { ...s, user: { ...s.user, mustChangePassword: false } } : s,
      );
      setValues({ currentPassword: '', newPassword: '', confirmPassword: '' });
      toast.success(PASSWORD_CHANGED);
    } catch (e) {
      // The server's reasons stand beside their fields (e.g. a too-common new password); the
      // generic words only when it gave none.
      fail(e, e instanceof ApiError && e.status !== 0 ? e.message || CHANGE_FAILED : CHANGE_ERROR);
    } finally {
      setSaving(false);
    }
  };

  return (
    <Modal title="Change Password" isOpen={open && due} isDismissable={false}>
      <p className={styles.intro}>For your security, please change your password before you continue.</p>
      <Form onSubmit={submit} className={styles.form} validationBehavior="aria">
        <PasswordField
          label="Current Password"
          autoComplete="current-password"
          value={values.currentPassword}
          onChange={set('currentPassword')}
          error={errors.currentPassword}
        />
        <PasswordField
          label="New Password"
          autoComplete="new-password"
          description="At least 6 characters."
          value={values.newPassword}
          onChange={set('newPassword')}
          error={errors.newPassword}
        />
        <PasswordField
          label="Confirm New Password"
          autoComplete="new-password"
          value={values.confirmPassword}
          onChange={set('confirmPassword')}
          error={errors.confirmPassword}
        />
        {failure ? (
          <p role="alert" className={styles.error}>
            {failure}
          </p>
        ) : null}
        <ModalActions>
          <Button variant="secondary" onPress={() => void logout()} isDisabled={saving}>
            Logout
          </Button>
          <Button type="submit" isDisabled={saving}>
            {saving ? 'Changing...' : 'Change Password'}
          </Button>
        </ModalActions>
      </Form>
    </Modal>
  );
}
