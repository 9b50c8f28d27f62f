import { Button } from '../../../components/button';
import { scrollToSection } from '../scroll-to-section';
import { CheckIcon } from './icons';
import styles from './hero.module.css';

/** The product-spec-1 §1 claims, in the order the spec lists them. */
const claims = ['User management', 'Patient care records', 'Analytics', 'Compliant security', '24/7 support'];

export function Hero() {
  return (
    <section className={styles.hero} aria-labelledby="hero-title">
      <div className={styles.inner}>
        <div className={styles.copy}>
          <p className={styles.eyebrow}>Hospital management for clinics and hospitals</p>
          <h1 id="hero-title" className={styles.title}>
            Run your hospital on one secure, connected system
          </h1>
          <p className={styles.lead}>
            Manage your staff and patients, keep complete care records and follow every department in real time, with
            every change kept in a full audit trail.
          </p>
          <div className={styles.cta}>
            <Button onPress={() => scrollToSection('pricing')} className={styles.ctaButton}>
              Start Free Trial
            </Button>
            <ul className={styles.terms} aria-label="Trial terms">
              <li>Free 30-day trial</li>
              <li>No credit card required</li>
            </ul>
          </div>
        </div>
        <div className={styles.panel}>
          <h2 className={styles.panelTitle}>Everything your hospital needs</h2>
          <ul className={styles.claims}>
            {claims.map((claim) => (
              <li key={claim}>
                <span className={styles.check}>
                  <CheckIcon />
                </span>
                {claim}
              </li>
            ))}
          </ul>
        </div>
      </div>
    </section>
  );
}
