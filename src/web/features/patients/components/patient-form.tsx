import type { FormEvent, ReactNode } from 'react';
import { Button } from '../../../components/button';
import { SelectField } from '../../../components/select-field';
import { TextField } from '../../../components/text-field';
import type { FieldMessages } from '../../../lib/field-errors';
import type { PatientFields } from '../api/register-patient';
import type { PatientField } from '../registration-rules';
import { DateInput } from './date-input';
import styles from './patient-form.module.css';

const GENDERS = [
  { id: 'Male', label: 'Male' },
  { id: 'Female', label: 'Female' },
  { id: 'Other', label: 'Other' },
];

type PatientFormProps = {
  label: string;
  fields: PatientFields;
  errors: FieldMessages<PatientField>;
  onChange: (field: PatientField, value: string) => void;
  onSubmit: () => void;
  /** Today as YYYY-MM-DD: no date input goes past it. */
  today: string;
  submitLabel: string;
  isSubmitting: boolean;
  /** Save waits for a decision elsewhere on the page (a stale version to resolve). */
  isSubmitDisabled?: boolean;
  /** Only registration generates an ID and holds the (unsent) registration date. */
  onGenerateId?: () => void;
  registrationDate?: { value: string; onChange: (value: string) => void };
  /** Reset on registration, Cancel on edit. */
  secondary: ReactNode;
};

/** The three sections of product-spec-2 §2: Personal Information, General Information, Emergency Contact. */
export function PatientForm(props: PatientFormProps) {
  const { fields, errors, onChange, today } = props;
  const text = (field: PatientField, label: string, extra: { isRequired?: boolean; type?: string } = {}) => (
    <TextField
      label={label}
      value={fields[field]}
      onChange={(value) => onChange(field, value)}
      error={errors[field]}
      isRequired={extra.isRequired}
      type={extra.type}
      name={field}
    />
  );
  const submit = (e: FormEvent) => {
    e.preventDefault();
    props.onSubmit();
  };
  return (
    <form className={styles.form} aria-label={props.label} noValidate onSubmit={submit}>
      <fieldset className={styles.section}>
        <legend className={styles.legend}>Personal Information</legend>
        <div className={styles.grid}>
          {text('firstName', 'First Name', { isRequired: true })}
          {text('lastName', 'Last Name', { isRequired: true })}
          <DateInput
            label="Date of Birth"
            value={fields.dateOfBirth}
            onChange={(value) => onChange('dateOfBirth', value)}
            max={today}
            error={errors.dateOfBirth}
            isRequired
          />
          <SelectField
            label="Gender"
            options={GENDERS}
            value={fields.gender}
            onChange={(value) => onChange('gender', value)}
            error={errors.gender}
          />
        </div>
      </fieldset>
      <fieldset className={styles.section}>
        <legend className={styles.legend}>General Information</legend>
        <div className={styles.grid}>
          {text('phoneNumber', 'Phone Number', { isRequired: true, type: 'tel' })}
          {text('address', 'Address', { isRequired: true })}
          <div className={styles.withAction}>
            {text('identificationNumber', 'Identification Number', { isRequired: true })}
            {props.onGenerateId ? (
              <Button variant="secondary" onPress={props.onGenerateId} className={styles.generate}>
                Generate ID
              </Button>
            ) : null}
          </div>
          {props.registrationDate ? (
            <DateInput
              label="Registration Date"
              value={props.registrationDate.value}
              onChange={props.registrationDate.onChange}
              max={today}
            />
          ) : null}
        </div>
      </fieldset>
      <fieldset className={styles.section}>
        <legend className={styles.legend}>Emergency Contact</legend>
        <p className={styles.hint}>Optional. A blank contact phone means the patient&apos;s phone is used.</p>
        <div className={styles.grid}>
          {text('emergencyContactName', 'Contact Name')}
          {text('emergencyContactRelationship', 'Relationship')}
          {text('emergencyContactPhone', 'Contact Phone', { type: 'tel' })}
        </div>
      </fieldset>
      <div className={styles.actions}>
        {props.secondary}
        <Button type="submit" isDisabled={props.isSubmitting || props.isSubmitDisabled}>
          {props.isSubmitting ? 'Saving...' : props.submitLabel}
        </Button>
      </div>
    </form>
  );
}
