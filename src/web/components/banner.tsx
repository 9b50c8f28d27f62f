import { useCallback, useEffect, useRef, useState, type ReactNode } from 'react';
import { Button } from 'react-aria-components';
import styles from './banner.module.css';

export type BannerTone = 'success' | 'error' | 'warning' | 'info';

type BannerProps = {
  tone: BannerTone;
  children: ReactNode;
  onDismiss?: () => void;
};

/** A message across the top of a page or dialog. Errors and warnings are announced at once. */
export function Banner({ tone, children, onDismiss }: BannerProps) {
  return (
    <div
      className={`${styles.banner} ${styles[tone]}`}
      role={tone === 'error' || tone === 'warning' ? 'alert' : 'status'}
    >
      <div className={styles.text}>{children}</div>
      {onDismiss ? (
        <Button className={styles.dismiss} aria-label="Dismiss message" onPress={onDismiss}>
          ×
        </Button>
      ) : null}
    </div>
  );
}

export type Flash = { tone: BannerTone; message: string } | null;

/** A banner message that clears itself after `ms` (product-spec-1 §8: 5 seconds). */
export function useFlash(ms = 5000) {
  const [flash, setFlash] = useState<Flash>(null);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const clear = useCallback(() => {
    clearTimeout(timer.current);
    setFlash(null);
  }, []);
  const show = useCallback(
    (tone: BannerTone, message: string) => {
      clearTimeout(timer.current);
      setFlash({ tone, message });
      timer.current = setTimeout(() => setFlash(null), ms);
    },
    [ms],
  );
  useEffect(() => () => clearTimeout(timer.current), []);
  return { flash, show, clear };
}

/** Renders the current flash message, if any. */
export function FlashBanner({ flash, onDismiss }: { flash: Flash; onDismiss?: () => void }) {
  if (!flash) return null;
  return (
    <Banner tone={flash.tone} onDismiss={onDismiss}>
      {flash.message}
    </Banner>
  );
}
