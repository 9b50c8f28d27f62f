import { useState, type FormEvent } from 'react';
import { Form } from 'react-aria-components';
import { Banner } from '../../../components/banner';
import { Button } from '../../../components/button';
import { Modal, ModalActions } from '../../../components/modal';
import { TextField } from '../../../components/text-field';
import { sameNames, useFormErrors, type FieldMessages } from '../../../lib/field-errors';
import type { Values } from '../stock-rules';
import styles from './stock-dialog.module.css';

export type StockFieldSpec<K extends string> = {
  name: K;
  label: string;
  type?: 'text' | 'date' | 'number';
  isRequired?: boolean;
  /** Help under the field; a function reads what the form holds (e.g. the current price of the name typed). */
  description?: string | ((values: Values<K>) => string | undefined);
  inputMode?: 'decimal' | 'numeric';
};

type StockDialogProps<K extends string> = {
  title: string;
  /** What the dialog is about, e.g. the batch being adjusted. */
  intro?: string;
  isOpen: boolean;
  fields: readonly StockFieldSpec<K>[];
  /** What the fields hold on opening (empty otherwise). */
  initialValues?: Partial<Values<K>>;
  validate: (values: Values<K>) => FieldMessages<K>;
  /** Makes the call; resolves to the server's message, rejects with its refusal. */
  submit: (values: Values<K>) => Promise<string>;
  submitLabel: string;
  busyLabel: string;
  onClose: () => void;
  onDone: (message: string) => void;
};

/**
 * The inventory's forms (Add Medication, Receive Stock, Adjust): checked before the call, the
 * server's field messages placed beside their fields, anything else above the form.
 */
export function StockDialog<K extends string>(props: StockDialogProps<K>) {
  return (
    <Modal title={props.title} isOpen={props.isOpen} onOpenChange={(open) => (open ? undefined : props.onClose())}>
      {/* Mounted only while open, so each opening starts empty. */}
      {props.isOpen ? <StockForm {...props} /> : null}
    </Modal>
  );
}

function StockForm<K extends string>({
  intro,
  fields,
  initialValues,
  validate,
  submit,
  submitLabel,
  busyLabel,
  onClose,
  onDone,
}: StockDialogProps<K>) {
  const empty = Object.fromEntries(fields.map((f) => [f.name, initialValues?.[f.name] ?? ''])) as Values<K>;
  const [values, setValues] = useState<Values<K>>(empty);
  const [saving, setSaving] = useState(false);
  const { errors, failure, setErrors, clearField, fail } = useFormErrors<K>(sameNames(fields.map((f) => f.name)));

  async function send(event: FormEvent) {
    event.preventDefault();
    const found = validate(values);
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    setSaving(true);
    try {
      onDone(await submit(values));
    } catch (e) {
      fail(e, e instanceof Error ? e.message : 'Something went wrong. Please try again.');
      setSaving(false);
    }
  }

  return (
    <Form onSubmit={send} className={styles.form} validationBehavior="aria">
      {intro ? <p className={styles.intro}>{intro}</p> : null}
      {failure ? <Banner tone="error">{failure}</Banner> : null}
      <div className={styles.fields}>
        {fields.map((f, i) => (
          <TextField
            key={f.name}
            label={f.label}
            name={f.name}
            type={f.type ?? 'text'}
            value={values[f.name]}
            onChange={(value) => {
              clearField(f.name);
              setValues((current) => ({ ...current, [f.name]: value }));
            }}
            error={errors[f.name]}
            description={typeof f.description === 'function' ? f.description(values) : f.description}
            inputMode={f.inputMode}
            isRequired={f.isRequired}
            autoFocus={i === 0}
          />
        ))}
      </div>
      <ModalActions>
        <Button variant="secondary" onPress={onClose}>
          Cancel
        </Button>
        <Button type="submit" isDisabled={saving}>
          {saving ? busyLabel : submitLabel}
        </Button>
      </ModalActions>
    </Form>
  );
}
