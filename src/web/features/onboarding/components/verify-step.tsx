import { VerificationCodeForm } from '../../../components/verification-code-form';
import type { Onboarding } from '../state/use-onboarding';
import styles from './step.module.css';

/** Step 3: the 6-digit code from the email, with Resend. */
export function VerifyStep({ wizard }: { wizard: Onboarding }) {
  return (
    <VerificationCodeForm
      verification={wizard.verification}
      labelledBy="step-title"
      back={{ label: 'Back', onPress: wizard.back }}
      isDisabled={wizard.busy !== null}
      onVerified={wizard.completeVerification}
    >
      <h2 id="step-title" className={styles.heading} tabIndex={-1}>
        Email Verification
      </h2>
      <p className={styles.lead}>
        We sent a 6-digit code to <strong>{wizard.admin.email.trim()}</strong>. It is valid for 15 minutes.
      </p>
    </VerificationCodeForm>
  );
}
