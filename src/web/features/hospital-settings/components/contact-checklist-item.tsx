import { ButtonLink } from '../../../components/button';
import { ErrorState, LoadingState } from '../../../components/states';
import { useStore } from 'jotai';
import { sharedHospitalSettings } from '../../../lib/hospital-settings';
import { useRemoteData } from '../../../lib/use-remote-data';
import styles from './checklist-item.module.css';

/** What the first-hour checklist says of the hospital's phone and address (issue 34 §6), or null when both are set. */
export function missingContactText(settings: { phone: string | null; address: string | null }): string | null {
  const missing = [
    (settings.phone ?? '').trim() === '' ? 'phone number' : null,
    (settings.address ?? '').trim() === '' ? 'address' : null,
  ].filter((m): m is string => m !== null);
  if (missing.length === 0) return null;
  const words = missing.join(' and ');
  return `The hospital's ${words} ${missing.length === 1 ? 'is' : 'are'} not set yet: patients and HMOs reach the hospital by them.`;
}

/** The first-hour checklist's contact line: phone and address, asked for until both are set. */
export function ContactChecklistItem({ settingsHref }: { settingsHref: string }) {
  const store = useStore();
  // The session's copy when the shell has it already (and the settings page's saved answer), else
  // one GET whose answer the shell then takes: one GET a load either way.
  const settings = useRemoteData(() => sharedHospitalSettings(store), 'contact-checklist');
  if (settings.status === 'loading' && !settings.data) return <LoadingState label="Checking contact details..." />;
  if (!settings.data) {
    return settings.status === 'error' ? (
      <ErrorState message={settings.error.message} onRetry={settings.reload} />
    ) : null;
  }
  const missing = missingContactText(settings.data);
  return (
    <div className={styles.item}>
      <p className={styles.text}>
        <strong>{missing ? 'Contact details' : '✓ Contact details'}</strong>:{' '}
        {missing ?? 'The hospital’s phone number and address are set.'}
      </p>
      {missing ? (
        <ButtonLink href={settingsHref} variant="secondary">
          Add Phone and Address
        </ButtonLink>
      ) : null}
    </div>
  );
}
