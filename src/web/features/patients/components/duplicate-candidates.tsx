import { Link } from 'react-aria-components';
import { paths } from '../../../app/paths';
import { Banner } from '../../../components/banner';
import { Button } from '../../../components/button';
import { calendarDate } from '../../../lib/dates';
import type { DuplicateCandidate } from '../api/register-patient';
import styles from './duplicate-candidates.module.css';

type DuplicateCandidatesProps = {
  candidates: DuplicateCandidate[];
  isSaving: boolean;
  onRegisterAnyway: () => void;
  onDismiss: () => void;
};

/** The server's likely duplicates: open one, or register anyway (issue 7). */
export function DuplicateCandidates({ candidates, isSaving, onRegisterAnyway, onDismiss }: DuplicateCandidatesProps) {
  return (
    <Banner tone="warning" onDismiss={onDismiss}>
      <p className={styles.title}>This patient may already be registered</p>
      <ul className={styles.list} aria-label="Possible duplicates">
        {candidates.map((c) => (
          <li key={c.id}>
            <Link href={paths.user.patient(c.id)} className={styles.link}>
              {c.name}
            </Link>{' '}
            · {c.identificationNumber} · born {calendarDate(c.dateOfBirth)} · {c.phoneNumber}
          </li>
        ))}
      </ul>
      <Button variant="secondary" size="small" onPress={onRegisterAnyway} isDisabled={isSaving}>
        Register anyway
      </Button>
    </Banner>
  );
}
