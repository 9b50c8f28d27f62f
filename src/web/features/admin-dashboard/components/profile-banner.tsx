import { useEffect, useState } from 'react';
import { Button, ProgressBar } from 'react-aria-components';
import { paths } from '../../../app/paths';
import { ButtonLink } from '../../../components/button';
import styles from './profile-banner.module.css';

export const PROFILE_BANNER_DELAY_MS = 1000;
/** The profile's completion is not tracked yet; the spec fixes the bar at 35% (product-spec-1 §2). */
const PROGRESS = 35;

const storageKey = (userId: string) => `hms.profileBannerDismissed.${userId}`;

function wasDismissed(userId: string): boolean {
  try {
    return localStorage.getItem(storageKey(userId)) === '1';
  } catch {
    return false;
  }
}

/** 'Complete Your Profile', shown one second after the dashboard opens until this admin says 'Not Now'. */
export function ProfileBanner({ userId }: { userId: string }) {
  const [visible, setVisible] = useState(false);
  useEffect(() => {
    if (wasDismissed(userId)) return;
    const timer = setTimeout(() => setVisible(true), PROFILE_BANNER_DELAY_MS);
    return () => clearTimeout(timer);
  }, [userId]);
  if (!visible) return null;

  const dismiss = () => {
    try {
      localStorage.setItem(storageKey(userId), '1');
    } catch {
      // Storage may be full or blocked; the banner still closes for this visit.
    }
    setVisible(false);
  };
  return (
    <section className={styles.banner} aria-labelledby="profile-banner-title">
      <div className={styles.text}>
        <h2 id="profile-banner-title" className={styles.title}>
          Complete Your Profile
        </h2>
        <p className={styles.lead}>Add your details so your staff know who manages this hospital.</p>
        <ProgressBar value={PROGRESS} className={styles.progress} aria-label="Profile completion">
          {({ percentage, valueText }) => (
            <>
              <div className={styles.track}>
                <div className={styles.fill} style={{ width: `${percentage}%` }} />
              </div>
              <span className={styles.value}>{valueText} complete</span>
            </>
          )}
        </ProgressBar>
      </div>
      <div className={styles.actions}>
        <ButtonLink href={paths.admin.profile}>Go to Profile</ButtonLink>
        <Button className={styles.notNow} onPress={dismiss}>
          Not Now
        </Button>
      </div>
    </section>
  );
}
