import { useState, type FormEvent } from 'react';
import { Form } from 'react-aria-components';
import { FlashBanner, useFlash } from '../../../components/banner';
import { Button } from '../../../components/button';
import { Modal, ModalActions } from '../../../components/modal';
import { SelectField } from '../../../components/select-field';
import { TextField } from '../../../components/text-field';
import { useFormErrors } from '../../../lib/field-errors';
import { createUser, type CreatedUser } from '../api/users-api';
import { userFieldOf } from './user-fields';
import { roleChoices } from '../roles';
import { splitFullName } from '../names';
import styles from './user-form.module.css';

export const REQUIRED_MESSAGE = 'Please fill in all required fields';

type AddUserModalProps = {
  isOpen: boolean;
  onClose: () => void;
  onCreated: (result: CreatedUser) => void;
};

/** Add New User (product-spec-1 §5): the password is generated and emailed by the server, never typed here. */
export function AddUserModal({ isOpen, onClose, onCreated }: AddUserModalProps) {
  return (
    <Modal title="Add New User" isOpen={isOpen} onOpenChange={(open) => (open ? undefined : onClose())}>
      {/* Mounted only while open, so each opening starts with an empty form. */}
      {isOpen ? <AddUserForm onClose={onClose} onCreated={onCreated} /> : null}
    </Modal>
  );
}

function AddUserForm({ onClose, onCreated }: Omit<AddUserModalProps, 'isOpen'>) {
  const [name, setName] = useState('');
  const [email, setEmail] = useState('');
  const [role, setRole] = useState('doctor');
  const [touched, setTouched] = useState(false);
  const [saving, setSaving] = useState(false);
  const { flash, show, clear } = useFlash();
  const { errors, clearField, fail } = useFormErrors(userFieldOf);
  const complete = name.trim() !== '' && email.trim() !== '';
  // The required-fields hint appears once the admin has started typing, not on an untouched form.
  const edit = (field: 'fullName' | 'email', set: (value: string) => void) => (value: string) => {
    setTouched(true);
    clearField(field);
    set(value);
  };

  async function submit(event: FormEvent) {
    event.preventDefault();
    setTouched(true);
    if (!complete) return show('error', REQUIRED_MESSAGE);
    setSaving(true);
    clear();
    try {
      const result = await createUser({ ...splitFullName(name), email: email.trim(), role });
      onCreated(result);
    } catch (e) {
      const above = fail(e, e instanceof Error ? e.message : 'Failed to create user');
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
        onChange={edit('fullName', setName)}
        error={errors.fullName}
        isRequired
        autoFocus
      />
      <TextField
        label="Email"
        name="email"
        type="email"
        value={email}
        onChange={edit('email', setEmail)}
        error={errors.email}
        isRequired
      />
      <SelectField
        label="Role"
        options={roleChoices()}
        value={role}
        onChange={(value) => {
          clearField('role');
          setRole(value);
        }}
        error={errors.role}
      />
      <p className={styles.note}>A temporary password is generated and emailed to the user with their Employee ID.</p>
      {touched && !complete ? <p className={styles.hint}>{REQUIRED_MESSAGE}</p> : null}
      <ModalActions>
        <Button variant="secondary" onPress={onClose}>
          Cancel
        </Button>
        <Button type="submit" isDisabled={!complete || saving}>
          {saving ? 'Adding...' : 'Add User'}
        </Button>
      </ModalActions>
    </Form>
  );
}
