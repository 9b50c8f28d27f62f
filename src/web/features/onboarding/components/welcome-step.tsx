import { Button } from '../../../components/button';
import type { Onboarding } from '../state/use-onboarding';
import styles from './step.module.css';

/** Step 4: the real Hospital ID the server assigned, the terms in short, and the way in. */
export function WelcomeStep({ wizard }: { wizard: Onboarding }) {
  const verified = wizard.verified;
  if (!verified) return null;
  return (
    <section className={styles.form} aria-labelledby="step-title">
      <h2 id="step-title" className={styles.heading} tabIndex={-1}>
        Welcome to HMS!
      </h2>
      <p className={styles.lead}>{verified.hospitalName} is registered and your email is verified.</p>
      <div className={styles.hospitalId}>
        <span className={styles.hospitalIdLabel}>Your Hospital ID</span>
        <strong className={styles.hospitalIdValue}>{verified.hospitalId}</strong>
        <span className={styles.hospitalIdLabel}>Keep it for support requests.</span>
      </div>
      <h3 className={styles.subheading}>Terms summary</h3>
      <ul className={styles.terms}>
        <li>Your free 30-day trial starts today; no credit card is required.</li>
        <li>You are responsible for the staff accounts you create and the roles you give them.</li>
        <li>Patient data is confidential: use it only for care and hospital administration.</li>
        <li>Every sign-in and change is recorded in the audit log.</li>
      </ul>
      <div className={styles.actions}>
        <Button onPress={wizard.accessDashboard}>Access Dashboard</Button>
      </div>
    </section>
  );
}
