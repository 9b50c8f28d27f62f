import { useRef, type FormEvent } from 'react';
import { Form } from 'react-aria-components';
import { Button } from '../../../components/button';
import { TextField } from '../../../components/text-field';
import type { Onboarding } from '../state/use-onboarding';
import type { HospitalDetails } from '../validation';
import { focusFirstInvalid } from '../../../lib/focus-first-invalid';
import styles from './step.module.css';

const FIELDS: { field: keyof HospitalDetails; label: string; placeholder: string; type?: string; wide?: boolean }[] = [
  { field: 'name', label: 'Hospital Name', placeholder: 'e.g. Lagoon Specialist Hospital', wide: true },
  { field: 'email', label: 'Hospital Email', placeholder: 'info@hospital.ng', type: 'email', wide: true },
  { field: 'licenseNumber', label: 'Facility License', placeholder: 'HEFAMAA/LAG/2024/CLI/001234' },
  { field: 'registrationNumber', label: 'Official Registration Number', placeholder: 'RGN/LAG/2024/0001847' },
  { field: 'hospitalNumber', label: 'Hospital Number', placeholder: 'DVC/2024/001234' },
];

/** Step 1: the hospital's identity and its three official numbers. */
export function HospitalStep({ wizard }: { wizard: Onboarding }) {
  const form = useRef<HTMLFormElement>(null);
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (wizard.busy) return;
    if (!(await wizard.saveHospital())) focusFirstInvalid(form.current);
  };
  return (
    <Form ref={form} onSubmit={submit} className={styles.form} validationBehavior="aria" aria-labelledby="step-title">
      <h2 id="step-title" className={styles.heading} tabIndex={-1}>
        Hospital Details
      </h2>
      <p className={styles.lead}>Tell us about your hospital. All fields are required.</p>
      {wizard.alert ? (
        <p role="alert" className={styles.alert}>
          {wizard.alert}
        </p>
      ) : null}
      <div className={styles.grid}>
        {FIELDS.map(({ field, label, placeholder, type, wide }) => (
          <TextField
            key={field}
            label={label}
            name={field}
            type={type}
            placeholder={placeholder}
            className={wide ? styles.wide : undefined}
            value={wizard.hospital[field]}
            onChange={(value) => wizard.editHospital(field, value)}
            error={wizard.hospitalErrs[field]}
          />
        ))}
      </div>
      <div className={styles.actions}>
        <Button type="submit" isDisabled={wizard.busy !== null}>
          {wizard.busy === 'saving' ? 'Saving...' : 'Next'}
        </Button>
      </div>
    </Form>
  );
}
