import type { ReactNode } from 'react';
import { Button } from './button';
import styles from './states.module.css';

/** The four states of a data widget: loading → error → data → empty (CONVENTIONS.md). */
export function LoadingState({ label = 'Loading...', fullPage = false }: { label?: string; fullPage?: boolean }) {
  return (
    <div className={`${styles.state} ${fullPage ? styles.fullPage : ''}`} role="status" aria-live="polite">
      <span className={styles.spinner} aria-hidden="true" />
      <span>{label}</span>
    </div>
  );
}

export function ErrorState({ message, onRetry }: { message: string; onRetry?: () => void }) {
  return (
    <div className={`${styles.state} ${styles.error}`} role="alert">
      <p className={styles.title}>{message}</p>
      {onRetry ? (
        <Button variant="secondary" size="small" onPress={onRetry}>
          Try again
        </Button>
      ) : null}
    </div>
  );
}

export function EmptyState({ title, children }: { title: string; children?: ReactNode }) {
  return (
    <div className={styles.state}>
      <p className={styles.title}>{title}</p>
      {children}
    </div>
  );
}
