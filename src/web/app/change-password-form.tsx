import { useSetAtom } from 'jotai';
import { useState, type FormEvent, type ReactNode } from 'react';
import { Form } from 'react-aria-components';
import { toast } from 'react-toastify';
import { Button } from '../components/button';
import { ModalActions } from '../components/modal';
import { PasswordField } from '../components/password-field';
import { PasswordStrength, PASSWORD_RULE } from '../components/password-strength';
import { ApiError } from '../lib/api-client';
import { sameNames, useFormErrors } from '../lib/field-errors';
import { sessionAtom, type SessionUser } from '../lib/session';
import type { SessionKind } from '../lib/session-storage';
import {
  CHANGE_ERROR,
  CHANGE_FAILED,
  changePassword,
  changePasswordError,
  PASSWORD_CHANGED,
  type PasswordChange,
} from './change-password';
import styles from './change-password-modal.module.css';

const FIELDS = ['currentPassword', 'newPassword', 'confirmPassword'] as const;
const EMPTY: PasswordChange = { currentPassword: '', newPassword: '', confirmPassword: '' };

type ChangePasswordFormProps = {
  kind: SessionKind;
  user: Pick<SessionUser, 'id'> &
    Partial<Pick<SessionUser, 'name' | 'email' | 'firstName' | 'lastName' | 'employeeId' | 'hospital'>>;
  /** The other way out beside 'Change Password': Logout in the forced modal, Cancel elsewhere. */
  secondary: (saving: boolean) => ReactNode;
  onChanged?: () => void;
};

/**
 * The Change Password form of product-spec-2 §5 (the spec's checks in its order, the server's
 * reasons beside their fields), shared by the forced first-login modal and the profile page.
 * A success clears the session's "must change" flag and says 'Password changed successfully!'.
 */
export function ChangePasswordForm({ kind, user, secondary, onChanged }: ChangePasswordFormProps) {
  const setSession = useSetAtom(sessionAtom);
  const [values, setValues] = useState<PasswordChange>(EMPTY);
  const { errors, failure, setFailure, clearField, reset, fail } = useFormErrors(sameNames(FIELDS));
  const [saving, setSaving] = useState(false);

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
      await changePassword(kind, values);
      const userId = user.id;
      setSession((s) =>
        s.status === 'signed-in' && s.user.id === userId ? { ...s, user: { ...s.user, mustChangePassword: false } } : s,
      );
      setValues(EMPTY);
      toast.success(PASSWORD_CHANGED);
      onChanged?.();
    } catch (e) {
      // The server's reasons stand beside their fields (e.g. a too-common new password); the
      // generic words only when it gave none.
      fail(e, e instanceof ApiError && e.status !== 0 ? e.message || CHANGE_FAILED : CHANGE_ERROR);
    } finally {
      setSaving(false);
    }
  };

  return (
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
        description={PASSWORD_RULE}
        value={values.newPassword}
        onChange={set('newPassword')}
        error={errors.newPassword}
      />
      <PasswordStrength
        password={values.newPassword}
        userInputs={[user.name, user.email, user.firstName, user.lastName, user.employeeId, user.hospital?.name]}
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
        {secondary(saving)}
        <Button type="submit" isDisabled={saving}>
          {saving ? 'Changing...' : 'Change Password'}
        </Button>
      </ModalActions>
    </Form>
  );
}
