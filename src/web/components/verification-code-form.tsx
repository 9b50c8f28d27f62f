import { useRef, type FormEvent, type ReactNode } from 'react';
import { Button as AriaButton, Form } from 'react-aria-components';
import type { Verified } from '../lib/email-verification';
import { focusFirstInvalid } from '../lib/focus-first-invalid';
import { resendWaitMessage } from '../lib/resend-cooldown';
import type { EmailVerification } from '../lib/use-email-verification';
import { Button } from './button';
import { TextField } from './text-field';
import styles from './verification-code-form.module.css';

type VerificationCodeFormProps = {
  verification: EmailVerification;
  /** The id of the heading that names the form (rendered by the caller inside `children`). */
  labelledBy: string;
  /** The heading and the lead text above the code field. */
  children: ReactNode;
  back: { label: string; onPress: () => void };
  /** Other work of the page is under way. */
  isDisabled?: boolean;
  onVerified: (answer: Verified) => void;
};

/** The 6-digit code from the email, Resend with its wait counting down, Back and Verify Email. */
export function VerificationCodeForm(props: VerificationCodeFormProps) {
  const { verification: v, labelledBy, children, back, onVerified } = props;
  const form = useRef<HTMLFormElement>(null);
  const disabled = !!props.isDisabled || v.busy !== null;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (disabled) return;
    const answer = await v.verify();
    if (answer) onVerified(answer);
    else focusFirstInvalid(form.current);
  };

  return (
    <Form ref={form} onSubmit={submit} className={styles.form} validationBehavior="aria" aria-labelledby={labelledBy}>
      {children}
      {v.alert ? (
        <p role="alert" className={styles.alert}>
          {v.alert}
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
        value={v.code}
        onChange={v.editCode}
        error={v.codeError}
      />
      <p className={styles.resend}>
        <span>Didn&apos;t receive the code?</span>
        <AriaButton
          className={styles.linkButton}
          onPress={() => void v.resend()}
          isDisabled={disabled || v.resendSecondsLeft > 0}
        >
          {v.busy === 'resending' ? 'Sending...' : 'Resend code'}
        </AriaButton>
        {/* A timer region: assistive technology reads it on request, not every second. */}
        {v.resendSecondsLeft > 0 ? (
          <span role="timer" className={styles.wait}>
            {resendWaitMessage(v.resendSecondsLeft)}
          </span>
        ) : null}
      </p>
      <div className={styles.actions}>
        <Button variant="secondary" onPress={back.onPress} isDisabled={disabled}>
          {back.label}
        </Button>
        <Button type="submit" isDisabled={disabled}>
          {v.busy === 'verifying' ? 'Verifying...' : 'Verify Email'}
        </Button>
      </div>
    </Form>
  );
}
