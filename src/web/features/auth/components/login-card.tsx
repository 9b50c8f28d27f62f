import type { ReactNode } from 'react';
import { Link } from 'react-aria-components';
import { AriaRouter } from '../../../components/aria-router';
import styles from './login-form.module.css';

/** The sign-in pages' card: the brand, then the form or the next step; named by its heading. */
export function LoginCard({ labelledBy, children }: { labelledBy: string; children: ReactNode }) {
  return (
    <AriaRouter>
      <main className={styles.page}>
        <section className={styles.card} aria-labelledby={labelledBy}>
          <Link href="/" className={styles.brand}>
            HMS
          </Link>
          {children}
        </section>
      </main>
    </AriaRouter>
  );
}
