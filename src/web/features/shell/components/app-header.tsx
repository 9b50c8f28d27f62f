import { Button, Link } from 'react-aria-components';
import { paths } from '../../../app/paths';
import { firstRealName } from '../../../../shared/person-names';
import { longDate } from '../../../lib/dates';
import { HamburgerIcon } from './icons';
import { NotificationBell } from './notification-bell';
import styles from './app-header.module.css';
import { useHospitalTimeZone } from '../../../lib/hospital-time';

export type HeaderPerson = { name: string; email: string; initials: string; firstName?: string };

type AppHeaderProps = {
  person: HeaderPerson | null;
  area: 'admin' | 'user';
  onOpenMenu: () => void;
  now?: Date;
};

/** 'Hello {first name}', or the default 'Hello Admin' / 'Hello User' when the name is unknown. */
export function headerTitle(person: HeaderPerson | null, area: 'admin' | 'user'): string {
  // A title typed into the name ("Dr Chinedu") is skipped: 'Hello Chinedu', never 'Hello Dr'.
  const first = firstRealName(person?.firstName, person?.name);
  if (first) return `Hello ${first}`;
  return area === 'admin' ? 'Hello Admin' : 'Hello User';
}

/** The shell header: menu button (small screens), title, date, notifications and the signed-in person. */
export function AppHeader({ person, area, onOpenMenu, now = new Date() }: AppHeaderProps) {
  const timeZone = useHospitalTimeZone();
  return (
    <header className={styles.header}>
      <Button className={styles.menuButton} aria-label="Open menu" onPress={onOpenMenu}>
        <HamburgerIcon />
      </Button>
      <div className={styles.titles}>
        <p className={styles.title}>{headerTitle(person, area)}</p>
        <p className={styles.subtitle}>Today is {longDate(now, timeZone)}</p>
      </div>
      <div className={styles.tools}>
        <NotificationBell />
        {person ? (
          // One's own profile (and password change) is one click away, for staff as for admins.
          // Its name is 'My profile' and what it shows; on a phone only the initials show (hidden from
          // screen readers), so the hidden words still name it.
          <Link href={area === 'admin' ? paths.admin.profile : paths.user.profile} className={styles.person}>
            <span className="visually-hidden">My profile</span>
            <Person person={person} />
          </Link>
        ) : null}
      </div>
    </header>
  );
}

function Person({ person }: { person: HeaderPerson }) {
  return (
    <>
      <span className={styles.avatar} aria-hidden="true">
        {person.initials}
      </span>
      <div className={styles.identity}>
        <span className={styles.name}>{person.name}</span>
        <span className={styles.email}>{person.email}</span>
      </div>
    </>
  );
}
