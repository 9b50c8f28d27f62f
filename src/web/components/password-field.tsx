import { useState } from 'react';
import { Button as AriaButton } from 'react-aria-components';
import { TextField, type FieldProps } from './text-field';
import styles from './password-field.module.css';

/** A password input with a show/hide toggle (the toggle keeps its own accessible name). */
export function PasswordField(props: Omit<FieldProps, 'type' | 'trailing'>) {
  const [visible, setVisible] = useState(false);
  return (
    <TextField
      {...props}
      type={visible ? 'text' : 'password'}
      trailing={
        <AriaButton
          className={styles.toggle}
          aria-label={visible ? `Hide ${props.label.toLowerCase()}` : `Show ${props.label.toLowerCase()}`}
          aria-pressed={visible}
          onPress={() => setVisible((v) => !v)}
        >
          {visible ? 'Hide' : 'Show'}
        </AriaButton>
      }
    />
  );
}
