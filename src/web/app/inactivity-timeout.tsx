import { useCallback, useEffect, useRef, useState } from 'react';
import { Button } from '../components/button';
import { Modal, ModalActions } from '../components/modal';
import { useLogout } from '../lib/auth-actions';
import { useHospitalSettings } from '../lib/hospital-settings';
import {
  ACTIVITY_DEBOUNCE_MS,
  formatCountdown,
  idleMinutesFrom,
  idlePhase,
  shouldRecordActivity,
  WARNING_MS,
} from './idle-timeout';
import styles from './inactivity-timeout.module.css';

/** product-spec-2 §9: 10 minutes on guarded routes, configurable at build time; the hospital's setting wins. */
export const IDLE_MS = idleMinutesFrom(import.meta.env.VITE_SESSION_IDLE_MINUTES as string | undefined) * 60_000;

/** The hospital's idle time-out (its settings page, 5-60 minutes) once loaded, else the build's. */
export function HospitalInactivityTimeout() {
  const settings = useHospitalSettings();
  return <InactivityTimeout idleMs={settings ? settings.idleTimeoutMinutes * 60_000 : IDLE_MS} />;
}

const ACTIVITY_EVENTS = ['click', 'keydown', 'touchstart'] as const;

/**
 * Signs the person out after `idleMs` without activity, first showing a 30-second countdown with
 * Continue Session and Logout Now (product-spec-1 §4, §9). Time is read from the clock on every
 * tick, so a laptop that slept past the deadline logs out as soon as it wakes.
 */
export function InactivityTimeout({ idleMs = IDLE_MS }: { idleMs?: number }) {
  const logout = useLogout();
  const lastActivity = useRef(Date.now());
  const [secondsLeft, setSecondsLeft] = useState<number | null>(null);
  const warning = secondsLeft !== null;
  // Read by the activity listener, which is attached once.
  const warningShown = useRef(false);
  const loggingOut = useRef(false);

  const endSession = useCallback(() => {
    if (loggingOut.current) return;
    loggingOut.current = true;
    void logout();
  }, [logout]);

  useEffect(() => {
    const tick = () => {
      const state = idlePhase(lastActivity.current, Date.now(), idleMs, WARNING_MS);
      if (state.phase === 'expired') return endSession();
      warningShown.current = state.phase === 'warning';
      setSecondsLeft(state.phase === 'warning' ? state.secondsLeft : null);
    };
    const timer = window.setInterval(tick, 1000);
    return () => window.clearInterval(timer);
  }, [idleMs, endSession]);

  useEffect(() => {
    let pending: number | undefined;
    const record = () => {
      const now = Date.now();
      // While the warning is up only Continue Session keeps the session alive.
      if (!warningShown.current && shouldRecordActivity(lastActivity.current, now)) lastActivity.current = now;
    };
    const onActivity = () => {
      window.clearTimeout(pending);
      pending = window.setTimeout(record, ACTIVITY_DEBOUNCE_MS);
    };
    for (const type of ACTIVITY_EVENTS) window.addEventListener(type, onActivity, { capture: true, passive: true });
    return () => {
      window.clearTimeout(pending);
      for (const type of ACTIVITY_EVENTS) window.removeEventListener(type, onActivity, { capture: true });
    };
  }, []);

  const continueSession = () => {
    lastActivity.current = Date.now();
    warningShown.current = false;
    setSecondsLeft(null);
  };

  return (
    <Modal title="Session Timeout Warning" isOpen={warning} isDismissable={false} role="alertdialog">
      <p className={styles.text}>Your session is about to expire due to inactivity.</p>
      <p className={styles.text}>
        You will be logged out in <strong className={styles.countdown}>{formatCountdown(secondsLeft ?? 0)}</strong>.
      </p>
      <ModalActions>
        <Button variant="secondary" onPress={endSession}>
          Logout Now
        </Button>
        <Button onPress={continueSession} autoFocus>
          Continue Session
        </Button>
      </ModalActions>
    </Modal>
  );
}
