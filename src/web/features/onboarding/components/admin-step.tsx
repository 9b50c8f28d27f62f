import { useRef, type FormEvent } from 'react';
import { Form } from 'react-aria-components';
import { Button } from '../../../components/button';
import { PasswordField } from '../../../components/password-field';
import { PasswordStrength, PASSWORD_RULE } from '../../../components/password-strength';
import { TextField } from '../../../components/text-field';
import type { Onboarding } from '../state/use-onboarding';
import { focusFirstInvalid } from '../../../lib/focus-first-invalid';
import styles from './step.module.css';

/** Step 2: the hospital's first administrator; submitting registers the hospital and emails a code. */
export function AdminStep({ wizard }: { wizard: Onboarding }) {
  const form = useRef<HTMLFormElement>(null);
  const { admin, adminErrs, editAdmin } = wizard;
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (wizard.busy) return;
    if (!(await wizard.register())) focusFirstInvalid(form.current);
  };
  return (
    <Form ref={form} onSubmit={submit} className={styles.form} validationBehavior="aria" aria-labelledby="step-title">
      <h2 id="step-title" className={styles.heading} tabIndex={-1}>
        Admin Account
      </h2>
      <p className={styles.lead}>
        Create the administrator account for {wizard.hospital.name.trim() || 'your hospital'}.
      </p>
      {wizard.alert ? (
        <p role="alert" className={styles.alert}>
          {wizard.alert}
        </p>
      ) : null}
      <div className={styles.grid}>
        <TextField
          label="Full Name"
          name="fullName"
          autoComplete="name"
          value={admin.fullName}
          onChange={(v) => editAdmin('fullName', v)}
          error={adminErrs.fullName}
        />
        <TextField
          label="Job Title"
          name="jobTitle"
          autoComplete="organization-title"
          placeholder="e.g. Medical Director"
          value={admin.jobTitle}
          onChange={(v) => editAdmin('jobTitle', v)}
          error={adminErrs.jobTitle}
        />
        <TextField
          label="Admin Email"
          name="email"
          type="email"
          autoComplete="email"
          description="The verification code is sent here."
          className={styles.wide}
          value={admin.email}
          onChange={(v) => editAdmin('email', v)}
          error={adminErrs.email}
        />
        {/* The meter stays under its field, in the field's grid cell. */}
        <div className={styles.withMeter}>
          <PasswordField
            label="Password"
            name="password"
            autoComplete="new-password"
            description={PASSWORD_RULE}
            value={admin.password}
            onChange={(v) => editAdmin('password', v)}
            error={adminErrs.password}
          />
          <PasswordStrength
            password={admin.password}
            userInputs={[admin.email, admin.fullName, admin.jobTitle, wizard.hospital.name, wizard.hospital.email]}
          />
        </div>
        <PasswordField
          label="Confirm Password"
          name="confirmPassword"
          autoComplete="new-password"
          value={admin.confirmPassword}
          onChange={(v) => editAdmin('confirmPassword', v)}
          error={adminErrs.confirmPassword}
        />
      </div>
      <div className={styles.actions}>
        <Button variant="secondary" onPress={wizard.back} isDisabled={wizard.busy !== null}>
          Back
        </Button>
        <Button type="submit" isDisabled={wizard.busy !== null}>
          {wizard.busy === 'registering' ? 'Creating account...' : 'Create Account'}
        </Button>
      </div>
    </Form>
  );
}
