import { useState, type FormEvent } from 'react';
import { Form, Switch } from 'react-aria-components';
import { FlashBanner, useFlash } from '../../../components/banner';
import { Button } from '../../../components/button';
import { Modal, ModalActions } from '../../../components/modal';
import { SelectField } from '../../../components/select-field';
import { TextField } from '../../../components/text-field';
import { useFormErrors } from '../../../lib/field-errors';
import { normaliseRole } from '../../../lib/roles';
import { type StaffUser, updateUser } from '../api/users-api';
import { fullNameOf, splitFullName } from '../names';
import { roleChoices } from '../roles';
import { userFieldOf } from './user-fields';
import styles from './user-form.module.css';

type EditUserModalProps = {
  user: StaffUser | null;
  onClose: () => void;
  onSaved: () => void;
};

/** Edit User (product-spec-1 §5): name, email, role and the Active toggle; nothing is sent while name or email is empty. */
export function EditUserModal({ user, onClose, onSaved }: EditUserModalProps) {
  return (
    <Modal title="Edit User" isOpen={!!user} onOpenChange={(open) => (open ? undefined : onClose())}>
      {user ? <EditUserForm key={user._id} user={user} onClose={onClose} onSaved={onSaved} /> : null}
    </Modal>
  );
}

function EditUserForm({ user, onClose, onSaved }: { user: StaffUser } & Omit<EditUserModalProps, 'user'>) {
  const currentRole = String(normaliseRole(user.role));
  const [name, setName] = useState(fullNameOf(user));
  const [email, setEmail] = useState(user.email);
  const [role, setRole] = useState(currentRole);
  const [isActive, setActive] = useState(user.isActive);
  const [saving, setSaving] = useState(false);
  const { flash, show, clear } = useFlash();
  const { errors, clearField, fail } = useFormErrors(userFieldOf);
  const complete = name.trim() !== '' && email.trim() !== '';

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (!complete) return;
    setSaving(true);
    clear();
    try {
      await updateUser(user, { ...splitFullName(name), email: email.trim(), role, isActive });
      onSaved();
    } catch (e) {
      const above = fail(e, e instanceof Error ? e.message : 'Failed to update user');
      if (above) show('error', above);
      setSaving(false);
    }
  }

  return (
    <Form onSubmit={submit} className={styles.form}>
      <FlashBanner flash={flash} onDismiss={clear} />
      <TextField
        label="Full name"
        name="fullName"
        value={name}
        onChange={(value) => {
          clearField('fullName');
          setName(value);
        }}
        error={errors.fullName}
        isRequired
        autoFocus
      />
      <TextField
        label="Email"
        name="email"
        type="email"
        value={email}
        onChange={(value) => {
          clearField('email');
          setEmail(value);
        }}
        error={errors.email}
        isRequired
      />
      <SelectField
        label="Role"
        options={roleChoices(currentRole)}
        value={role}
        onChange={(value) => {
          clearField('role');
          setRole(value);
        }}
        error={errors.role}
      />
      <Switch className={styles.switch} isSelected={isActive} onChange={setActive}>
        <span className={styles.track} aria-hidden="true" />
        Active
      </Switch>
      <ModalActions>
        <Button variant="secondary" onPress={onClose}>
          Cancel
        </Button>
        <Button type="submit" isDisabled={!complete || saving}>
          {saving ? 'Updating...' : 'Update User'}
        </Button>
      </ModalActions>
    </Form>
  );
}
