import { useRef, type FormEvent } from 'react';
import { Button as AriaButton, Form } from 'react-aria-components';
import { Button } from '../../../components/button';
import { TextField } from '../../../components/text-field';
import type { Onboarding } from '../state/use-onboarding';
import { focusFirstInvalid } from './focus-first-invalid';
import styles from './step.module.css';

/** Step 3: the 6-digit code from the email, with Resend. */
export function VerifyStep({ wizard }: { wizard: Onboarding }) {
  const form = useRef<HTMLFormElement>(null);
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (wizard.busy) return;
    if (!(await wizard.verify())) focusFirstInvalid(form.current);
  };
  return (
    <Form ref={form} onSubmit={submit} className={styles.form} validationBehavior="aria" aria-labelledby="step-title">
      <h2 id="step-title" className={styles.heading} tabIndex={-1}>
        Email Verification
      </h2>
      <p className={styles.lead}>
        We sent a 6-digit code to <strong>{wizard.admin.email.trim()}</strong>. It is valid for 15 minutes.
      </p>
      {wizard.alert ? (
        <p role="alert" className={styles.alert}>
          {wizard.alert}
        </p>
      ) : null}
      <TextField
        label="Verification Code"
        name="code"
        inputMode="numeric"
        autoComplete="one-time-code"
        maxLength={6}
        placeholder="000000"
        className={styles.code}
        value={wizard.code}
        onChange={wizard.editCode}
        error={wizard.codeError}
      />
      <p className={styles.resend}>
        <span>Didn&apos;t receive the code?</span>
        <AriaButton
          className={styles.linkButton}
          onPress={() => void wizard.resend()}
          isDisabled={wizard.busy !== null}
        >
          {wizard.busy === 'resending' ? 'Sending...' : 'Resend code'}
        </AriaButton>
      </p>
      <div className={styles.actions}>
        <Button variant="secondary" onPress={wizard.back} isDisabled={wizard.busy !== null}>
          Back
        </Button>
        <Button type="submit" isDisabled={wizard.busy !== null}>
          {wizard.busy === 'verifying' ? 'Verifying...' : 'Verify Email'}
        </Button>
      </div>
    </Form>
  );
}
