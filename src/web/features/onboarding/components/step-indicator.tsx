import styles from './step-indicator.module.css';

export const STEP_TITLES = ['Hospital Details', 'Admin Account', 'Email Verification', 'Welcome'] as const;

/** The four steps, the current one marked for assistive technology with aria-current="step". */
export function StepIndicator({ step }: { step: number }) {
  return (
    <ol className={styles.steps} aria-label="Onboarding progress">
      {STEP_TITLES.map((title, index) => {
        const n = index + 1;
        const state = n < step ? 'done' : n === step ? 'current' : 'todo';
        return (
          <li key={title} className={styles.step} data-state={state} aria-current={n === step ? 'step' : undefined}>
            <span className={styles.number} aria-hidden="true">
              {n < step ? '✓' : n}
            </span>
            <span className={styles.title}>
              <span className="visually-hidden">{`Step ${n}: `}</span>
              {title}
              {n < step ? <span className="visually-hidden"> (completed)</span> : null}
            </span>
          </li>
        );
      })}
    </ol>
  );
}
