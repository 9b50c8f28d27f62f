import type { ReactNode } from 'react';
import { FieldError, Input, Label, Text, TextField as AriaTextField, type TextFieldProps } from 'react-aria-components';
import styles from './field.module.css';

export type FieldProps = Omit<TextFieldProps, 'isInvalid' | 'children'> & {
  label: string;
  description?: string;
  /** The message to show; the field is invalid while it is set. */
  error?: string | null;
  placeholder?: string;
  /** Rendered after the input, e.g. a show/hide password toggle. */
  trailing?: ReactNode;
};

/** A labelled text input with its error message announced to assistive technology. */
export function TextField({ label, description, error, placeholder, trailing, className, ...props }: FieldProps) {
  return (
    <AriaTextField
      {...props}
      isInvalid={!!error}
      validationBehavior="aria"
      className={[styles.field, className ?? ''].join(' ').trim()}
    >
      <Label className={styles.label}>{label}</Label>
      <div className={styles.group}>
        <Input className={styles.input} placeholder={placeholder} />
        {trailing}
      </div>
      {description && !error ? (
        <Text slot="description" className={styles.description}>
          {description}
        </Text>
      ) : null}
      <FieldError className={styles.error}>{error}</FieldError>
    </AriaTextField>
  );
}
