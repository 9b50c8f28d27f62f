import { useEffect, useRef } from 'react';
import { Link } from 'react-aria-components';
import { paths } from '../../app/paths';
import { AriaRouter } from '../../components/aria-router';
import { AdminStep } from './components/admin-step';
import { HospitalStep } from './components/hospital-step';
import { StepIndicator } from './components/step-indicator';
import { VerifyStep } from './components/verify-step';
import { WelcomeStep } from './components/welcome-step';
import { useOnboarding } from './state/use-onboarding';
import styles from './onboarding-page.module.css';

/** /onboarding: the four-step hospital registration (product-spec-1 §2, §4, §5, §8). */
export default function OnboardingPage() {
  const wizard = useOnboarding();
  const panel = useRef<HTMLDivElement>(null);
  const firstRender = useRef(true);

  // Each new step takes the keyboard and screen-reader focus to its heading.
  useEffect(() => {
    if (firstRender.current) {
      firstRender.current = false;
      return;
    }
    panel.current?.querySelector<HTMLElement>('h2')?.focus();
  }, [wizard.step]);

  return (
    <AriaRouter>
      <main className={styles.page}>
        <div className={styles.card}>
          <header className={styles.header}>
            <Link href={paths.landing} className={styles.brand}>
              HMS
            </Link>
            <h1 className={styles.title}>Register your hospital</h1>
          </header>
          <StepIndicator step={wizard.step} />
          {/* The key restarts the 150 ms entrance animation on every step change. */}
          <div key={wizard.step} ref={panel} className={styles.panel}>
            {wizard.step === 1 ? <HospitalStep wizard={wizard} /> : null}
            {wizard.step === 2 ? <AdminStep wizard={wizard} /> : null}
            {wizard.step === 3 ? <VerifyStep wizard={wizard} /> : null}
            {wizard.step === 4 ? <WelcomeStep wizard={wizard} /> : null}
          </div>
          {wizard.step < 4 ? (
            <p className={styles.footer}>
              Already registered? <Link href={paths.adminLogin}>Admin Login</Link>
            </p>
          ) : null}
        </div>
      </main>
    </AriaRouter>
  );
}
