import { useAtomValue } from 'jotai';
import { useLocation } from 'react-router-dom';
import { paths } from '../../app/paths';
import { ButtonLink } from '../../components/button';
import { sessionAtom } from '../../lib/session';
import { labelForPath } from './menus';
import styles from './coming-soon-page.module.css';

/** 'prescription-request' → 'Prescription Request'; a path id (a patient's) is skipped in favour of its section. */
export function screenNameFor(pathname: string): string {
  const known = labelForPath(pathname);
  if (known) return known;
  const words = pathname
    .split('/')
    .filter(Boolean)
    .filter((segment) => !['admin', 'user', 'doctor'].includes(segment))
    .filter((segment) => /^[a-z-]+$/.test(segment));
  const last = words[words.length - 1];
  if (!last) return 'This screen';
  const parent = words[words.length - 2];
  // '/user/patients/register' and '/user/patients/{id}/edit' read as 'Register Patient' and 'Edit Patient'.
  if ((last === 'edit' || last === 'register') && parent) return `${title(last)} ${title(parent.replace(/s$/, ''))}`;
  return title(last);
}

function title(slug: string): string {
  return slug
    .split('-')
    .map((word) => (word === 'hmo' ? 'HMO' : word.charAt(0).toUpperCase() + word.slice(1)))
    .join(' ');
}

/** Shown inside the shell for menu targets whose screens come in later work: never a blank page. */
export default function ComingSoonPage() {
  const { pathname } = useLocation();
  const session = useAtomValue(sessionAtom);
  const admin = session.status === 'signed-in' ? session.kind === 'admin' : pathname.startsWith('/admin');
  const name = screenNameFor(pathname);
  return (
    <section className={styles.page} aria-labelledby="coming-soon-title">
      <h1 id="coming-soon-title" className={styles.title}>
        {name}
      </h1>
      <p className={styles.lead}>The {name} screen is coming soon. It is not available in this version of HMS yet.</p>
      <ButtonLink href={admin ? paths.admin.dashboard : paths.user.dashboard} variant="primary">
        Back to dashboard
      </ButtonLink>
    </section>
  );
}
