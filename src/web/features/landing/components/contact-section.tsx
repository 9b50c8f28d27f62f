import { Link } from 'react-aria-components';
import { ButtonLink } from '../../../components/button';
import { paths } from '../../../app/paths';
import { MailIcon } from './icons';
import section from './section.module.css';
import styles from './contact-section.module.css';

export const SUPPORT_EMAIL = 'support@hms.ng';

export function ContactSection() {
  return (
    <section id="contact" className={section.section} aria-labelledby="contact-title">
      <div className={`${section.inner} ${styles.card}`}>
        <span className={styles.icon}>
          <MailIcon />
        </span>
        <div className={styles.copy}>
          <h2 id="contact-title" className={section.title} tabIndex={-1} data-section-heading>
            Contact
          </h2>
          <p className={styles.text}>
            Questions about HMS or the Enterprise plan? Email us at{' '}
            <Link href={`mailto:${SUPPORT_EMAIL}`} className={styles.email}>
              {SUPPORT_EMAIL}
            </Link>
            . Our support team is available 24/7.
          </p>
        </div>
        <ButtonLink href={paths.onboarding} className={styles.cta}>
          Get Started
        </ButtonLink>
      </div>
    </section>
  );
}
