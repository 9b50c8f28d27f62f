import { Link } from 'react-aria-components';
import { paths } from '../../../app/paths';
import { Brand } from './brand';
import { sections } from './sections';
import styles from './site-footer.module.css';

export function SiteFooter() {
  return (
    <footer className={styles.footer}>
      <div className={styles.inner}>
        <div className={styles.about}>
          <Brand />
          <p className={styles.tagline}>Hospital management for clinics and hospitals.</p>
        </div>
        <nav aria-label="Footer">
          <ul className={styles.links}>
            {sections.map((section) => (
              <li key={section.id}>
                <Link href={`#${section.id}`} className={styles.link}>
                  {section.label}
                </Link>
              </li>
            ))}
            <li>
              <Link href={paths.adminLogin} className={styles.link}>
                Admin sign in
              </Link>
            </li>
            <li>
              <Link href={paths.userLogin} className={styles.link}>
                Staff sign in
              </Link>
            </li>
          </ul>
        </nav>
      </div>
      <p className={styles.copyright}>© {new Date().getFullYear()} HMS. All rights reserved.</p>
    </footer>
  );
}
